package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.Serializable;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SupertypesTest {
    interface Marker {
    }

    interface Below extends Marker {
    }

    abstract static class Base extends FilterInputStream implements Below {
        Base() {
            super(new ByteArrayInputStream(new byte[0]));
        }
    }

    static final class Leaf extends Base {
    }

    private static final ClassLoader NOTHING_LOADED = new ClassLoader(null) {
    };

    @Test
    void theTypeItsSuperclassesAndItsInterfacesAtAnyDepth() {
        TypeDescription leaf = TypeDescription.ForLoadedType.of(Leaf.class);
        assertTrue(Supertypes.belowAny(Leaf.class.getName()).matches(leaf));
        assertTrue(Supertypes.belowAny("java.io.InputStream").matches(leaf));
        assertTrue(Supertypes.belowAny(Marker.class.getName()).matches(leaf));
        assertTrue(Supertypes.belowAny("java.io.Closeable").matches(leaf), "an interface of a superclass");
        assertTrue(Supertypes.belowAny("org.example.Absent", "java.lang.Object").matches(leaf));
        assertFalse(Supertypes.belowAny(Serializable.class.getName(), "java.io.Reader").matches(leaf));
    }

    /**
     * For the class being loaded the answer comes from class file headers, kept per loader: the description Byte
     * Buddy made of the class is asked its name only (nothing is parsed), and its supertypes are read once.
     */
    @Test
    void theClassBeingLoadedIsDecidedFromHeaders() {
        Map<String, Set<String>> known = new ConcurrentHashMap<>();
        Supertypes marker = Supertypes.belowAny(Marker.class.getName());
        Supertypes reader = Supertypes.belowAny("java.io.Reader");
        try {
            Supertypes.loading(Leaf.class.getName(), SupertypesTest.class.getClassLoader(), known,
                    ClassFileLocator.ForClassLoader.of(SupertypesTest.class.getClassLoader()));
            TypeDescription nameOnly = ProbesTest.NameOnly.of(Leaf.class.getName());
            assertTrue(marker.matches(nameOnly));
            assertFalse(reader.matches(nameOnly));
        } finally {
            Supertypes.loaded();
        }
        assertTrue(known.get(Base.class.getName()).contains(Marker.class.getName()), known.toString());
        assertFalse(known.get("java.io.FilterInputStream").contains(Marker.class.getName()), known.toString());
    }

    /**
     * While answers are assumed rather than read, a class whose supertypes were decided before is decided exactly
     * from its own header and their answers; one whose supertypes are not known is assumed below, nothing read.
     */
    @Test
    void assumedOnlyWhereASupertypeIsNotKnown() throws Exception {
        // a loader that has loaded none of them: Base is known neither as loaded nor from a header
        Supertypes marker = Supertypes.belowAny(Marker.class.getName());
        Supertypes reader = Supertypes.belowAny("java.io.Reader");
        ClassFileLocator ownOnly = ClassFileLocator.Simple.of(Leaf.class.getName(),
                ClassFileLocator.ForClassLoader.read(Leaf.class));
        TypeDescription nameOnly = ProbesTest.NameOnly.of(Leaf.class.getName());
        Map<String, Set<String>> known = new ConcurrentHashMap<>();
        try {
            Supertypes.loading(Leaf.class.getName(), NOTHING_LOADED, known, ownOnly);
            Supertypes.assumeUnknown();
            assertTrue(reader.matches(nameOnly), "Base not known: assumed below");
            assertTrue(Supertypes.assumed());
            Supertypes.loading(Leaf.class.getName(), NOTHING_LOADED, known, ownOnly);
            Supertypes.assumeUnknown();
            known.put(Base.class.getName(), Set.of(Marker.class.getName()));
            assertTrue(marker.matches(nameOnly));
            assertFalse(reader.matches(nameOnly), "decided from Base's answer");
            assertFalse(Supertypes.assumed());
        } finally {
            Supertypes.loaded();
        }
        assertTrue(known.get(Leaf.class.getName()).contains(Marker.class.getName()), "kept for its subclasses");
    }

    /** Every probe asks about the same class in turn: its hierarchy is walked once. */
    @Test
    void theHierarchyIsWalkedOncePerClass() {
        TypeDescription leaf = TypeDescription.ForLoadedType.of(Leaf.class);
        Supertypes.Walked first = Supertypes.walk(leaf);
        assertSame(first, Supertypes.walk(leaf));
        Supertypes.walk(TypeDescription.ForLoadedType.of(Base.class));
        assertFalse(first == Supertypes.walk(leaf), "another class in between: walked again");
    }

    /** A supertype nobody can find: a match found elsewhere still counts; otherwise the type does not match. */
    @Test
    void anUnresolvableSupertype() {
        String name = "dev.example.Orphan";
        ClassFileLocator locator = new ClassFileLocator.Compound(
                ClassFileLocator.Simple.of(name, orphanClassFile(name)),
                ClassFileLocator.ForClassLoader.of(SupertypesTest.class.getClassLoader()));
        TypeDescription orphan = TypePool.Default.of(locator).describe(name).resolve();
        assertTrue(Supertypes.belowAny("java.io.InputStream").matches(orphan));
        assertFalse(Supertypes.belowAny("java.io.Reader").matches(orphan));
    }

    /** {@code class Orphan extends InputStream implements org.example.Missing}, written with Byte Buddy. */
    private static byte[] orphanClassFile(String name) {
        return new net.bytebuddy.ByteBuddy().subclass(java.io.InputStream.class)
                .implement(new net.bytebuddy.ByteBuddy().makeInterface().name("org.example.Missing").make()
                        .getTypeDescription())
                .name(name).make().getBytes();
    }
}
