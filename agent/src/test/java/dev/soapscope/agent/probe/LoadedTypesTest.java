package dev.soapscope.agent.probe;

import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.FilterInputStream;
import java.io.Serializable;
import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The supertypes of a class its loader has loaded come from its class; of one not loaded, nothing (it is read). */
class LoadedTypesTest {
    interface Marker {
    }

    abstract static class Base implements Marker, Serializable {
    }

    static final class Leaf extends Base implements Runnable {
        @Override
        public void run() {
        }
    }

    /** Never referenced but by its name here: never loaded. */
    static final class NeverLoaded extends Base {
    }

    /** A loader of the test's own classes (a webapp's, say), none of the JDK's: Leaf and its supertypes, loaded. */
    private static ClassLoader webapp;

    @BeforeAll
    static void open() throws Exception {
        LoadedTypes.open(ByteBuddyAgent.install(), new Class<?>[] {FilterInputStream.class, Leaf.class});
        URL classes = LoadedTypesTest.class.getProtectionDomain().getCodeSource().getLocation();
        webapp = new URLClassLoader(new URL[] {classes}, null);
        Class.forName(Leaf.class.getName(), false, webapp);
    }

    @Test
    void aLoadedClassesSuperclassThenItsInterfaces() {
        assertArrayEquals(new String[] {Base.class.getName(), Runnable.class.getName()},
                LoadedTypes.supertypes(Leaf.class.getName(), webapp));
        assertArrayEquals(new String[] {Object.class.getName(), Marker.class.getName(), Serializable.class.getName()},
                LoadedTypes.supertypes(Base.class.getName(), webapp));
    }

    @Test
    void aClassNotLoadedIsNotAnswered() {
        assertNull(LoadedTypes.supertypes(LoadedTypesTest.class.getName() + "$NeverLoaded", webapp));
        assertNull(LoadedTypes.supertypes(Leaf.class.getName(), new ClassLoader(null) {
        }), "loaded, but not through that loader");
    }

    /**
     * The JDK's application class loader is not asked (with an application's CDS archive its lookup may load the
     * class): its classes are read, though Leaf is loaded there too.
     */
    @Test
    void notTheSystemClassLoader() {
        assertNull(LoadedTypes.supertypes(new Leaf().getClass().getName(), ClassLoader.getSystemClassLoader()));
    }

    /** The JDK's classes the start found loaded, whatever the loader asking; others of the bootstrap loader are read. */
    @Test
    void theJdksClassesFromTheStart() {
        String[] filterInputStream = {"java.io.InputStream"};
        assertArrayEquals(filterInputStream, LoadedTypes.supertypes(FilterInputStream.class.getName(), null));
        assertArrayEquals(filterInputStream, LoadedTypes.supertypes(FilterInputStream.class.getName(), webapp));
        assertNull(LoadedTypes.supertypes("java.io.PushbackInputStream", null), "not in the start's list");
    }
}
