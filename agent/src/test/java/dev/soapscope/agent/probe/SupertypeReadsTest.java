package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Phase;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class whose match depends on supertypes the JVM has not loaded yet: their class files are read only when a probe
 * it may match advises a method it declares, and the answer is the same as with every supertype read.
 */
class SupertypeReadsTest {
    public interface Handles {
        void handle();
    }

    public static class Handler implements Handles {
        @Override
        public void handle() {
        }
    }

    /** Below the probe's type, but declares nothing the probe advises. */
    public static class Helper extends Handler {
        public void other() {
        }
    }

    /** Below it through its superclass, and overrides the advised method. */
    public static class Overrides extends Helper {
        @Override
        public void handle() {
        }
    }

    /** Declares the advised method without being below the probe's type. */
    public static class Lookalike {
        public void handle() {
        }
    }

    @Test
    void aClassBelowThatDeclaresTheAdvisedMethodIsWoven() throws Exception {
        Reads loader = new Reads();
        assertNotNull(weaver().weave(Handler.class.getName(), loader, null, classFile(Handler.class)));
        assertNotNull(weaver().weave(Overrides.class.getName(), loader, null, classFile(Overrides.class)));
        assertTrue(loader.read.contains(name(Helper.class)), "its superclass was read to decide it");
    }

    /**
     * A supertype its loader has loaded already is taken from its class, not read (the JVM loads a class's supertypes
     * before it, so most asked at start are); one not loaded yet is read, and the answer is the same.
     */
    @Test
    void aSupertypeItsLoaderLoadedIsNotRead() throws Exception {
        LoadedTypes.open(ByteBuddyAgent.install(), new Class<?>[0]);
        Reads loader = new Reads();
        Class.forName(Helper.class.getName(), false, loader); // the JVM records the loader as having loaded it
        byte[] woven = weaver().weave(Overrides.class.getName(), loader, null, classFile(Overrides.class));
        assertFalse(loader.read.contains(name(Helper.class)), "loaded through it: " + loader.read);
        assertTrue(loader.read.contains(name(Handler.class)), "not loaded through it: read " + loader.read);
        assertTrue(callsTheRecorder(woven, "handle"));
    }

    @Test
    void aClassDeclaringNoAdvisedMethodIsLeftWithoutReadingItsSupertypes() throws Exception {
        Reads loader = new Reads();
        assertNull(weaver().weave(Helper.class.getName(), loader, null, classFile(Helper.class)));
        assertFalse(loader.read.contains(name(Handler.class)), "" + loader.read);
        assertFalse(loader.read.contains(name(Handles.class)), "" + loader.read);
    }

    @Test
    void aClassDeclaringTheMethodButNotBelowIsNotWoven() throws Exception {
        assertNull(weaver().weave(Lookalike.class.getName(), new Reads(), null, classFile(Lookalike.class)));
    }

    /**
     * A class a probe matches by its name (no supertype asked) still gets only the advice of the rules whose types
     * it is below: the other rules' supertype answers are read, not assumed, when its methods are woven.
     */
    @Test
    void aClassMatchedByNameGetsNoAdviceOfARuleItIsNotBelow() throws Exception {
        StackProbe probe = new StackProbe("test",
                Rule.phase(named(Lookalike.class.getName()), named("unrelated"), Phase.INVOKE),
                Rule.phase(Rule.below(Handles.class.getName()), named("handle"), Phase.INVOKE));
        byte[] woven = new ClassWeaver(List.<Probe>of(probe), List.of(probe.weaving()))
                .weave(Lookalike.class.getName(), new Reads(), null, classFile(Lookalike.class));
        assertTrue(woven == null || !callsTheRecorder(woven, "handle"), "handle() of a class not below Handles was advised");
    }

    /** Whether method {@code name} of the class file calls the recorder (carries advice). */
    static boolean callsTheRecorder(byte[] classFile, String name) {
        boolean[] calls = new boolean[1];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
                                             String[] exceptions) {
                return !method.equals(name) ? null : new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String called, String desc, boolean itf) {
                        calls[0] |= owner.startsWith("dev/soapscope/recorder/");
                    }
                };
            }
        }, 0);
        return calls[0];
    }

    @Test
    void theAdviceOfARuleItIsBelowIsThere() throws Exception {
        assertTrue(callsTheRecorder(weaver().weave(Overrides.class.getName(), new Reads(), null,
                classFile(Overrides.class)), "handle"));
    }

    /** Times {@code handle()} of whatever implements {@link Handles}. */
    private static ClassWeaver weaver() {
        StackProbe probe = new StackProbe("test", Rule.phase(Rule.below(Handles.class.getName()), named("handle"), Phase.INVOKE));
        return new ClassWeaver(List.<Probe>of(probe), List.of(probe.weaving()));
    }

    private static String name(Class<?> c) {
        return c.getName().replace('.', '/') + ".class";
    }

    private static byte[] classFile(Class<?> c) throws Exception {
        try (InputStream in = SupertypeReadsTest.class.getClassLoader().getResourceAsStream(name(c))) {
            return in.readAllBytes();
        }
    }

    /** The test's classes, noting each class file read through it. */
    private static final class Reads extends ClassLoader {
        final Set<String> read = ConcurrentHashMap.newKeySet();

        Reads() {
            super(SupertypeReadsTest.class.getClassLoader());
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            read.add(name);
            return super.getResourceAsStream(name);
        }
    }
}
