package dev.soapscope.recorder;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnservedWorkTest {
    private static final long SECOND = 1_000_000_000L;

    private static final java.util.concurrent.Callable<StackTraceElement[]> THREAD_FRAMES = UnservedWork.frames;

    @AfterEach
    void forget() {
        UnservedWork.reset();
        UnservedWork.sayAfter(60);
        UnservedWork.frames = THREAD_FRAMES;
    }

    @Test
    void theEntryIsTheOutermostFrameOfAServingStack() {
        StackTraceElement[] frames = {
            new StackTraceElement("org.apache.cxf.phase.PhaseInterceptorChain", "doIntercept", null, 1),
            new StackTraceElement("org.apache.cxf.transport.jms.JMSDestination", "onMessage", null, 2),
            new StackTraceElement("org.apache.cxf.transport.jms.util.PollingMessageListenerContainer$Poller", "run", null, 3),
            new StackTraceElement("java.lang.Thread", "run", null, 4)};
        assertEquals("org.apache.cxf.transport.jms.util.PollingMessageListenerContainer$Poller.run",
                UnservedWork.entryOf(frames));
        assertNull(UnservedWork.entryOf(new StackTraceElement[] {frames[3]}), "no stack's frame, no entry");
        assertEquals(Stack.AXIS1, Stack.servingWith("org.apache.axis.server.AxisServer"));
        assertEquals(Stack.AXIS2, Stack.servingWith("org.apache.axis2.engine.AxisEngine"), "not Axis 1");
    }

    @Test
    void saidOnceAfterAMinuteOfWorkWithNoRequestOpened() throws Exception {
        UnservedWork.frames = () -> new StackTraceElement[] {
            new StackTraceElement("org.apache.cxf.transport.jms.JMSDestination", "onMessage", null, 2),
            new StackTraceElement("java.lang.Thread", "run", null, 4)};
        long t0 = 1_000 * SECOND;
        for (int i = 0; i < UnservedWork.MIN_SPANS - 1; i++) {
            assertNull(UnservedWork.observe(t0 + i * 7 * SECOND, () -> 5), "too few spans, or under a minute");
        }
        String line = UnservedWork.observe(t0 + 61 * SECOND, () -> 5);
        assertTrue(line != null && line.startsWith("Apache CXF served work outside any request (10 times in 61 s")
                && line.contains("it enters through org.apache.cxf.transport.jms.JMSDestination.onMessage"), line);
        assertNull(UnservedWork.observe(t0 + 62 * SECOND, () -> 5), "said once");
    }

    @Test
    void neverSaidWhenTurnedOff() throws Exception {
        UnservedWork.sayAfter(0);
        UnservedWork.frames = () -> new StackTraceElement[] {
            new StackTraceElement("org.apache.axis2.engine.AxisEngine", "receive", null, 1)};
        for (int i = 0; i < 1_000; i++) {
            UnservedWork.ended(1, Recorder.aggregates());
        }
        UnservedWork.sayAfter(1);
        assertNull(UnservedWork.observe(10 * SECOND, () -> 0), "the first span: a count starts");
        for (int i = 1; i < UnservedWork.MIN_SPANS - 1; i++) {
            assertNull(UnservedWork.observe(10 * SECOND + i, () -> 0));
        }
        assertTrue(UnservedWork.observe(12 * SECOND, () -> 0).startsWith("Apache Axis2 served work"), "said after 1 s");
    }

    @Test
    void notSaidBeforeAMinuteNorWhileRequestsOpenAndTheStackReadOnlyWhenAMinuteIsUp() throws Exception {
        int[] reads = new int[1];
        UnservedWork.frames = () -> {
            reads[0]++;
            return new StackTraceElement[] {
                new StackTraceElement("com.sun.xml.ws.transport.http.server.WSHttpHandler", "handle", null, 1)};
        };
        long[] served = {0};
        long t0 = 5 * SECOND;
        for (int i = 0; i < 3 * UnservedWork.MIN_SPANS; i++) {
            assertNull(UnservedWork.observe(t0 + i * SECOND, () -> served[0]), "under a minute");
        }
        // requests open meanwhile (a covered transport, one-way work finishing on another thread): the count restarts
        for (int i = 30; i < 200; i++) {
            served[0]++;
            assertNull(UnservedWork.observe(t0 + i * SECOND, () -> served[0]), "requests are being served");
        }
        assertEquals(0, reads[0], "no stack read while nothing is said");
        // then no request: said at the next minute that found none (one to two minutes on), with one read of the stack
        String line = null;
        for (int i = 200; i < 320 && line == null; i++) {
            line = UnservedWork.observe(t0 + i * SECOND, () -> served[0]);
        }
        assertTrue(line != null && line.contains("Metro (JAX-WS RI) served work") && line.contains("WSHttpHandler.handle"),
                String.valueOf(line));
        assertEquals(1, reads[0]);
    }
}
