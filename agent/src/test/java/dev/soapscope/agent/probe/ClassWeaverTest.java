package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import org.junit.jupiter.api.Test;

import java.util.List;

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
        // binary names too (the pass over loaded classes asks with those), and only whole prefixes
        assertTrue(ClassWeaver.ignored("jdk.internal.reflect.GeneratedMethodAccessor1"));
        assertTrue(ClassWeaver.ignored("dev.soapscope.shaded.bytebuddy.ByteBuddy"));
        assertFalse(ClassWeaver.ignored("dev.soapscope.demo.server.TomcatLauncher"));
        assertFalse(ClassWeaver.ignored("jdk.internal.reflectx.Other"));
        assertFalse(ClassWeaver.ignored("sun/reflec"));
        assertFalse(ClassWeaver.ignored(""));
    }

    /**
     * A method the advice would push past the JVM's 64 KB of code is left as it was, and the class's other methods are
     * woven (it used to drop the whole class).
     */
    @Test
    void aMethodTooLargeWithItsAdviceRunsUnprobedAndTheOthersAreWoven() throws Throwable {
        String name = "dev.soapscope.agent.probe.GeneratedBig";
        onlySmallIsWoven(name, bigClass(name.replace('.', '/')), "big", 0);
    }

    /**
     * A return with other values under its own on the operand stack is legal bytecode (other compilers than javac may
     * write it) but cannot jump to the exit advice: that method runs unprobed instead of failing verification.
     */
    @Test
    void aReturnOverOtherStackValuesLeavesThatMethodUnprobed() throws Throwable {
        String name = "dev.soapscope.agent.probe.GeneratedOverStack";
        onlySmallIsWoven(name, overStackClass(name), "over", 2);
    }

    /** A class with {@code static int over()}, whose return leaves a value under its own, and {@code small(int)}. */
    static byte[] overStackClass(String name) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, name.replace('.', '/'), null, "java/lang/Object", null);
        MethodVisitor over = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "over", "()I", null, null);
        over.visitCode();
        over.visitInsn(Opcodes.ICONST_5);
        over.visitInsn(Opcodes.ICONST_2);
        over.visitInsn(Opcodes.IRETURN); // returns 2; the 5 under it is discarded
        over.visitMaxs(0, 0);
        over.visitEnd();
        writeSmall(w);
        return w.toByteArray();
    }

    /**
     * Weaves {@code classFile} with exit advice on every method: {@code small} is woven, and {@code unprobed}, a static
     * method without parameters, runs as it was and still returns {@code returns}.
     */
    private static void onlySmallIsWoven(String name, byte[] classFile, String unprobed, int returns) throws Throwable {
        Probe probe = everyMethodOf(name);
        ClassWeaver weaver = new ClassWeaver(List.of(probe), List.of(probe.weaving()));
        byte[] woven = weaver.weave(name, ClassWeaverTest.class.getClassLoader(), null, classFile);
        assertTrue(woven != null, "the small method is woven");
        Class<?> c = AdviceInlinerTest.define(name, woven);
        AdviceInlinerTest.LoopFirst.turns = 0;
        assertEquals(returns, c.getMethod(unprobed).invoke(null));
        assertEquals(0, AdviceInlinerTest.LoopFirst.turns, unprobed + " ran unprobed");
        assertEquals(7, c.getMethod("small", int.class).invoke(null, 7));
        assertEquals(3, AdviceInlinerTest.LoopFirst.turns, "small ran its exit advice");
    }

    /** A probe putting {@link AdviceInlinerTest.LoopFirst}'s exit advice on every method of the class {@code name}. */
    private static Probe everyMethodOf(String name) {
        AdviceInliner.AdviceCode advice = AdviceInlinerTest.advice(AdviceInlinerTest.LoopFirst.class);
        return probeOf(name, (type, method, into) -> into.add(advice));
    }

    /** A probe named {@code test} of the class {@code name} (of any loader), with {@code weaving}. */
    static Probe probeOf(String name, Weaving weaving) {
        return new Probe() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public ElementMatcher<? super TypeDescription> types() {
                return ElementMatchers.named(name);
            }

            @Override
            public ElementMatcher<? super ClassLoader> loaders() {
                return ElementMatchers.any();
            }

            @Override
            public Weaving weaving() {
                return weaving;
            }

            @Override
            public void prepare() {
            }
        };
    }

    /** Writes {@code static int small(int x) { return x; }} and ends the class. */
    static void writeSmall(ClassWriter w) {
        MethodVisitor small = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "small", "(I)I", null, null);
        small.visitCode();
        small.visitVarInsn(Opcodes.ILOAD, 0);
        small.visitInsn(Opcodes.IRETURN);
        small.visitMaxs(0, 0);
        small.visitEnd();
        w.visitEnd();
    }

    /** A class with {@code static int big()} of nearly 64 KB of code and {@code static int small(int)}. */
    private static byte[] bigClass(String internalName) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, internalName, null, "java/lang/Object", null);
        MethodVisitor big = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "big", "()I", null, null);
        big.visitCode();
        big.visitInsn(Opcodes.ICONST_0);
        big.visitVarInsn(Opcodes.ISTORE, 0);
        for (int i = 0; i < 21_838; i++) { // 3 bytes each: 65,514 of the 65,535 a method may have
            big.visitIincInsn(0, 0);
        }
        big.visitVarInsn(Opcodes.ILOAD, 0);
        big.visitInsn(Opcodes.IRETURN);
        big.visitMaxs(0, 0);
        big.visitEnd();
        writeSmall(w);
        return w.toByteArray();
    }
}
