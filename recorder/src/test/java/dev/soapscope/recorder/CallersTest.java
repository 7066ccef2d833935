package dev.soapscope.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the recorder finds a hot spot's caller on the Java it runs on. */
class CallersTest {

    /**
     * On Java 9+ a {@code StackWalker} reads the few frames above the caller; without it every walk fills in the whole
     * stack (its caller-sensitive {@code walk} once could not be looked up, and nothing said so).
     */
    @Test
    void theStackWalkerIsUsedOnJava9AndLater() {
        assertTrue(Callers.walksFrames());
    }

    /**
     * Past our frames and the instrumented method the advice is inlined in, past the JDK and a known wrapper: the first
     * frame of the code that made the call, with its position; none within the frames looked at is no caller.
     */
    @Test
    void theCallerIsTheFirstFrameOfTheCodeThatMadeTheCall() {
        Caller c = Callers.pick(frames("dev.soapscope.recorder.HotSpots.hotspot", "java.util.regex.Pattern.compile",
                "java.util.regex.Pattern.matches", "org.apache.cxf.staxutils.StaxUtils.createReader",
                "com.example.Orders.place", "com.example.Main.main"), false);
        assertEquals("com.example.Orders", c.className);
        assertEquals("place", c.methodName);
        assertEquals(4, c.position); // the frame's line here: a walker's frames give their bytecode index
        String[] deep = new String[Callers.MAX_FRAMES + 2];
        deep[0] = "dev.soapscope.recorder.HotSpots.hotspot";
        java.util.Arrays.fill(deep, 1, deep.length - 1, "java.lang.Thread.run");
        deep[deep.length - 1] = "com.example.TooDeep.call";
        assertSame(Caller.NONE, Callers.pick(frames(deep), false));
    }

    /** {@code class.method} frames, each at a line of its index. */
    private static StackWalk.Frames frames(String... methods) {
        StackTraceElement[] trace = new StackTraceElement[methods.length];
        for (int i = 0; i < methods.length; i++) {
            int dot = methods[i].lastIndexOf('.');
            trace[i] = new StackTraceElement(methods[i].substring(0, dot), methods[i].substring(dot + 1), "F.java", i);
        }
        return new ReflectiveStackWalk.TraceFrames(trace);
    }
}
