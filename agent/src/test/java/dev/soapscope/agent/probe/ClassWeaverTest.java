package dev.soapscope.agent.probe;

import net.bytebuddy.dynamic.ClassFileLocator;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassWeaverTest {
    static class Base {
        protected String name = "base";
        @SuppressWarnings("unused")
        private int secret;
    }

    static class Middle extends Base {
    }

    static class Leaf extends Middle {
    }

    private static final ClassFileLocator CLASSES = ClassFileLocator.ForClassLoader.of(ClassWeaverTest.class.getClassLoader());
    private static final String PKG = ClassWeaverTest.class.getPackageName() + ".";

    /** {@code @FieldValue} of a field a superclass declares (Axis's BasicHandler.name, read in SOAPService): found up the chain. */
    @Test
    void aProtectedFieldOfASuperclassIsFoundThroughTheChain() {
        AdviceInliner.InheritedField name = ClassWeaver.inheritedField(CLASSES,
                Middle.class.getName().replace('.', '/'), "name", PKG);
        assertEquals("Ljava/lang/String;", name.descriptor);
    }

    /** A private field of a superclass, or none: the method is refused rather than woven with a failing read. */
    @Test
    void aPrivateOrAbsentFieldIsNotOffered() {
        assertNull(ClassWeaver.inheritedField(CLASSES, Middle.class.getName().replace('.', '/'), "secret", PKG));
        assertNull(ClassWeaver.inheritedField(CLASSES, Middle.class.getName().replace('.', '/'), "absent", PKG));
    }

    @Test
    void ourOwnAndByteBuddysClassesAreNeverWoven() {
        assertTrue(ClassWeaver.ignored("dev/soapscope/recorder/Recorder"));
        assertTrue(ClassWeaver.ignored("net/bytebuddy/ByteBuddy"));
        assertFalse(ClassWeaver.ignored("java/util/regex/Pattern"));
    }
}
