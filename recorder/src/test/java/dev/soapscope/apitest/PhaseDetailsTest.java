package dev.soapscope.apitest;

import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.PhaseDetails;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.recorder.RequestListener;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stack's own phase names (CXF's) count for the phase they map to, and for themselves. */
class PhaseDetailsTest {
    @Test
    void detailsCountForTheirPhaseAndThemselves() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        int inSecurity = PhaseDetails.define("test-pre-protocol", false, Phase.SECURITY);
        int outSecurity = PhaseDetails.define("test-pre-protocol", true, Phase.SOAP_SERIALIZE);
        assertTrue(inSecurity > 0 && outSecurity > 0 && inSecurity != outSecurity);
        assertEquals(inSecurity, PhaseDetails.define("test-pre-protocol", false, Phase.SECURITY));
        assertEquals("in:test-pre-protocol", PhaseDetails.label(inSecurity));

        AtomicLong security = new AtomicLong();
        RequestListener listener = r -> security.set(r.phaseNanos(Phase.SECURITY.ordinal()));
        Recorder.addListener(listener);
        try {
            int token = Recorder.requestStart();
            Naming.nameRequest(dev.soapscope.recorder.NameSource.SOAP_ACTION, "urn:details");
            int entry = Recorder.enterDetail("test-pre-protocol", false);
            spin(300);
            int nested = Recorder.enterDetail("test-pre-protocol", true); // the out chain, nested
            spin(300);
            Recorder.exitEntry(nested);
            Recorder.exitEntry(entry);
            assertEquals(-1, Recorder.enterDetail("nobody-registered-this", false));
            Recorder.requestEnd(token, 200, false);
        } finally {
            Recorder.removeListener(listener);
        }
        OperationStats stats = null;
        for (int i = 0; i < Recorder.aggregates().operations().size(); i++) {
            if ("urn:details".equals(Recorder.aggregates().operations().name(i))) {
                stats = Recorder.aggregates().stats(i);
            }
        }
        assertTrue(stats != null);
        assertTrue(stats.detailNanos(inSecurity) >= 300_000, "in detail " + stats.detailNanos(inSecurity));
        assertTrue(stats.detailNanos(outSecurity) >= 300_000);
        // self times: the nested outbound detail is not counted in the inbound one's phase
        assertEquals(stats.detailNanos(inSecurity), stats.phaseNanos(Phase.SECURITY));
        assertEquals(stats.detailNanos(inSecurity), security.get());
        assertEquals(stats.detailNanos(outSecurity), stats.phaseNanos(Phase.SOAP_SERIALIZE));
    }

    /**
     * A stack phase's interceptors one after another are one stretch, the chain's steps between them included: no
     * switch, no clock reading between them. The stretch ends at the thread's next switch after its last one, here
     * the next stack phase's first interceptor; every nanosecond still counts once.
     */
    @Test
    void aStackPhasesInterceptorsInARowAreOneStretch() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        int receive = PhaseDetails.define("test-receive", false, Phase.HANDLERS);
        int unmarshal = PhaseDetails.define("test-unmarshal", false, Phase.UNMARSHAL);
        java.util.List<String> segments = new java.util.ArrayList<String>();
        Recorder.setSegmentSink(new dev.soapscope.recorder.SegmentSink() {
            @Override
            public long start(long nanoTime) {
                return nanoTime;
            }

            @Override
            public void end(long start, long nanoTime, int phase) {
                segments.add(Phase.of(phase).tag());
            }
        });
        AtomicLong total = new AtomicLong();
        AtomicLong handlers = new AtomicLong();
        AtomicLong unmarshalled = new AtomicLong();
        AtomicLong other = new AtomicLong();
        RequestListener listener = r -> {
            total.set(r.totalNanos());
            handlers.set(r.phaseNanos(Phase.HANDLERS.ordinal()));
            unmarshalled.set(r.phaseNanos(Phase.UNMARSHAL.ordinal()));
            other.set(r.phaseNanos(Phase.OTHER.ordinal()));
        };
        Recorder.addListener(listener);
        try {
            int token = Recorder.requestStart();
            Recorder.enter(Phase.OTHER); // what the chain runs in (a request's own entry)
            for (int i = 0; i < 3; i++) { // three interceptors of one stack phase
                int entry = Recorder.enterDetail("test-receive", false);
                spin(200);
                Recorder.exitEntry(entry);
                spin(100); // the chain's step to the next
            }
            int entry = Recorder.enterDetail("test-unmarshal", false);
            spin(200);
            Recorder.exitEntry(entry);
            Recorder.exit(Phase.OTHER);
            spin(100);
            Recorder.requestEnd(token, 200, false);
        } finally {
            Recorder.removeListener(listener);
            Recorder.setSegmentSink(null);
        }
        assertTrue(handlers.get() >= 900_000, "handlers " + handlers.get()); // 3 x 200 us and the steps, 3 x 100 us
        assertTrue(unmarshalled.get() >= 200_000 && unmarshalled.get() < handlers.get(), "unmarshal " + unmarshalled.get());
        assertEquals(total.get(), handlers.get() + unmarshalled.get() + other.get());
        assertEquals(java.util.Arrays.asList("other", "handlers", "unmarshal", "other"), segments);
        assertTrue(receive > 0 && unmarshal > 0);
    }

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.yield();
        }
    }

}
