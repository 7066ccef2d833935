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

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.yield();
        }
    }

}
