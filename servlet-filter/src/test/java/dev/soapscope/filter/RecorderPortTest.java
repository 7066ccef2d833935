package dev.soapscope.filter;

import dev.soapscope.recorder.Recorder;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecorderPortTest {

    @Test
    void withoutAgentThereIsNoBootstrapRecorderAndThePortIsLocal() {
        assertNull(RecorderPort.findBootstrapRecorder());
        assertEquals(RecorderPort.Kind.LOCAL, RecorderPort.get().kind());
        assertNull(RecorderPort.get().serveEndpoint("/metrics"), "a local port has no agent endpoint");
    }

    @Test
    void aBootstrapRecorderThatIsOurOwnClassIsCalledDirectly() {
        assertEquals(RecorderPort.Kind.AGENT_DIRECT, RecorderPort.choose(Recorder.class).kind());
    }

    @Test
    void handlesBindToAnotherCopyOfTheRecorderAndRecordIntoIt() throws Throwable {
        try (URLClassLoader isolated = isolatedRecorderLoader()) {
            Class<?> copy = Class.forName(RecorderPort.RECORDER_CLASS, true, isolated);
            assertNotSame(Recorder.class, copy);

            MethodHandle[] h = RecorderPort.Handles.bind(copy);
            int token = (int) h[RecorderPort.Handles.REQUEST_START].invokeExact();
            assertEquals(Recorder.OPENED, token);
            h[RecorderPort.Handles.NAME_FROM_HTTP].invokeExact("POST", (String) null, "\"urn:copy\"", "text/xml", "/ws");
            h[RecorderPort.Handles.READ_START].invokeExact();
            h[RecorderPort.Handles.READ_END].invokeExact(100L, false, "in");
            h[RecorderPort.Handles.WRITE_START].invokeExact();
            h[RecorderPort.Handles.WRITE_END].invokeExact(40L);
            h[RecorderPort.Handles.REQUEST_END].invokeExact(token, 200, false);
            assertNull((String[]) h[RecorderPort.Handles.SERVE_ENDPOINT].invokeExact("/metrics"));

            // read back through the copy's own API: operation "urn:copy" with 100 bytes in and 40 out
            Object aggregates = copy.getMethod("aggregates").invoke(null);
            Object operations = call(aggregates, "operations");
            int found = -1;
            for (int i = 0; i < (int) call(operations, "size"); i++) {
                if ("urn:copy".equals(operations.getClass().getMethod("name", int.class).invoke(operations, i))) {
                    found = i;
                }
            }
            assertTrue(found >= 0, "the copy recorded the operation");
            Object stats = aggregates.getClass().getMethod("stats", int.class).invoke(aggregates, found);
            assertEquals(1L, call(stats, "requests"));
            assertEquals(100L, call(stats, "bytesIn"));
            assertEquals(40L, call(stats, "bytesOut"));
        }
        // and our own recorder saw none of it
        assertEquals(-1, indexOf("urn:copy"));
    }

    @Test
    void bindingFailsLoudlyOnAClassWithoutTheMethods() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RecorderPort.Handles.bind(String.class));
        assertTrue(e.getMessage().contains("lacks a method"), e.getMessage());
    }

    @Test
    void aPortThatCannotBindFallsBackToLocal() throws Exception {
        try (URLClassLoader isolated = isolatedRecorderLoader()) {
            // a "bootstrap" recorder that differs from ours, while the real bootstrap has none: binding fails
            Class<?> copy = Class.forName(RecorderPort.RECORDER_CLASS, false, isolated);
            assertEquals(RecorderPort.Kind.LOCAL, RecorderPort.choose(copy).kind());
        }
    }

    /** Loads the recorder classes again, beside ours: what a child-first webapp loader does beside the agent. */
    private static URLClassLoader isolatedRecorderLoader() {
        URL recorderClasses = Recorder.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader(new URL[] {recorderClasses}, ClassLoader.getPlatformClassLoader());
    }

    private static Object call(Object target, String method) throws Exception {
        Method m = target.getClass().getMethod(method);
        return m.invoke(target);
    }

    private static int indexOf(String operation) {
        var ops = Recorder.aggregates().operations();
        for (int i = 0; i < ops.size(); i++) {
            if (operation.equals(ops.name(i))) {
                return i;
            }
        }
        return -1;
    }
}
