package dev.soapscope.apitest;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.RequestListener;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.recorder.SegmentSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sampler sees each exclusive stretch of a request in one phase, in order, and nothing outside requests. */
class SegmentSinkTest {
    private final List<String> segments = new ArrayList<String>();
    private final SegmentSink sink = new SegmentSink() {
        @Override
        public long start(long nanoTime) {
            return nanoTime;
        }

        @Override
        public void end(long start, long nanoTime, int phase) {
            assertTrue(start != 0 && nanoTime >= start, start + " to " + nanoTime);
            segments.add(Phase.of(phase).tag());
        }

        @Override
        public void endUnmarked(long nanos, int phase) {
            assertTrue(nanos >= 0);
            segments.add(Phase.of(phase).tag());
        }
    };

    @AfterEach
    void uninstall() {
        Recorder.setSegmentSink(null);
    }

    @Test
    void segmentsFollowTheTopOfTheStack() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        Recorder.setSegmentSink(sink);
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        Recorder.enter(Phase.UNMARSHAL);
        Recorder.exit(Phase.UNMARSHAL);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        assertEquals(Arrays.asList("other", "invoke", "unmarshal", "invoke", "other"), segments);

        segments.clear();
        HotSpots.hotspot(dev.soapscope.recorder.HotSpotKind.UUID_RANDOM, "outside"); // no request: no segment
        assertEquals(Arrays.asList(), segments);

        Recorder.setSegmentSink(null);
        token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        assertEquals(Arrays.asList(), segments);
    }

    /** A span per stretch in one phase, not per switch: interceptors one after another in a phase are one segment. */
    @Test
    void switchesThatStayInThePhaseDoNotCutTheSegment() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        Recorder.setSegmentSink(sink);
        int token = Recorder.requestStart();
        Recorder.enter(Phase.HANDLERS);
        Recorder.enter(Phase.HANDLERS); // the next interceptor, inside the first
        Recorder.exit(Phase.HANDLERS);
        Recorder.enter(Phase.HANDLERS);
        Recorder.exit(Phase.HANDLERS);
        boolean paused = Recorder.agentWorkStart(); // the agent's own work cuts it: its samples are no phase's
        Recorder.agentWorkEnd(paused);
        Recorder.exit(Phase.HANDLERS);
        Recorder.enter(Phase.LOGGING);
        Recorder.enter(Phase.SOAP_SERIALIZE); // serialized only to be logged: still logging
        Recorder.exit(Phase.SOAP_SERIALIZE);
        Recorder.exit(Phase.LOGGING);
        Recorder.requestEnd(token, 200, false);
        assertEquals(Arrays.asList("other", "handlers", "handlers", "other", "logging", "other"), segments);
    }

    @Test
    void aSegmentUnderWayWhenTheSinkIsInstalledIsReportedWhenItEnds() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        int token = Recorder.requestStart();
        Recorder.enter(Phase.SOAP_PARSE); // a slow first parse, under way when a profile starts
        Recorder.setSegmentSink(sink);
        Recorder.exit(Phase.SOAP_PARSE);
        Recorder.requestEnd(token, 200, false);
        assertEquals(Arrays.asList("soap.parse", "other"), segments);
    }

    /** A sink that throws loses its segments, never the request: the request is counted with its phases. */
    @Test
    void aSinkThatThrowsLosesItsSegmentsNotTheRequest() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        Recorder.setSegmentSink(new SegmentSink() {
            @Override
            public long start(long nanoTime) {
                throw new IllegalStateException("sink down");
            }

            @Override
            public void end(long start, long nanoTime, int phase) {
                throw new IllegalStateException("sink down");
            }
        });
        List<Long> invoke = new ArrayList<Long>();
        RequestListener listener = r -> invoke.add(r.phaseNanos(Phase.INVOKE.ordinal()));
        Recorder.addListener(listener);
        try {
            int token = Recorder.requestStart();
            Recorder.enter(Phase.INVOKE);
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        } finally {
            Recorder.removeListener(listener);
        }
        assertEquals(1, invoke.size());
        assertTrue(invoke.get(0) > 0, "invoke's time: " + invoke);
    }

    /**
     * {@code opened} (async-profiler's set-up of the thread's sample record) is asked on a thread's first request
     * under a sink, again while it answers 0 (no recording yet), and again under a new sink; other requests get
     * {@code start}. Each phase change inside a request is one {@code cut}.
     */
    @Test
    void openedOncePerThreadAndSinkUntilItGivesAToken() throws Exception {
        Recorder.configure(RecorderSettings.DEFAULTS);
        List<String> calls = new ArrayList<String>();
        long[] openedAnswer = {0};
        class CountingSink implements SegmentSink {
            @Override
            public long start(long nanoTime) {
                calls.add("start");
                return 7;
            }

            @Override
            public long opened(long nanoTime) {
                calls.add("opened");
                return openedAnswer[0];
            }

            @Override
            public long cut(long start, long nanoTime, int phase) {
                calls.add("cut " + Phase.of(phase).tag());
                return 7;
            }

            @Override
            public void end(long start, long nanoTime, int phase) {
                calls.add("end " + Phase.of(phase).tag());
            }
        }
        Thread worker = new Thread(() -> {
            Recorder.setSegmentSink(new CountingSink());
            oneRequest();
            openedAnswer[0] = 7; // the recording runs now
            oneRequest();
            oneRequest();
            calls.add("|");
            Recorder.setSegmentSink(new CountingSink()); // the next profile
            oneRequest();
        });
        worker.start();
        worker.join();
        assertEquals(Arrays.asList(
                "opened", "start", "cut invoke", "end other", // no token: its first segment has none
                "opened", "cut other", "cut invoke", "end other",
                "start", "cut other", "cut invoke", "end other",
                "|",
                "opened", "cut other", "cut invoke", "end other"), calls);
    }

    private static void oneRequest() {
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
    }
}
