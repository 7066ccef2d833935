package dev.soapscope.apitest;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The spread of a phase's per-request self time, which run comparisons need for their confidence intervals. */
class PhaseSpreadTest {
    @Test
    void standardDeviationOfPerRequestSelfTime() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        long[] micros = {1000, 3000, 1000, 3000};
        java.util.List<Long> seen = new java.util.ArrayList<Long>();
        dev.soapscope.recorder.RequestListener listener = r -> seen.add(r.phaseNanos(Phase.INVOKE.ordinal()));
        Recorder.addListener(listener);
        for (long m : micros) {
            int token = Recorder.requestStart();
            Recorder.nameRequest(NameSource.SOAP_ACTION, "urn:spread");
            Recorder.enter(Phase.INVOKE);
            spin(m);
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        }
        Recorder.removeListener(listener);
        OperationStats s = null;
        for (int i = 0; i < Recorder.aggregates().operations().size(); i++) {
            if ("urn:spread".equals(Recorder.aggregates().operations().name(i))) {
                s = Recorder.aggregates().stats(i);
            }
        }
        // the sample standard deviation of the self times the requests really had (spinning overshoots on a busy machine)
        double mean = 0;
        for (long n : seen) {
            mean += n / 1000.0 / seen.size();
        }
        double squares = 0;
        for (long n : seen) {
            squares += (n / 1000.0 - mean) * (n / 1000.0 - mean);
        }
        assertEquals(Math.sqrt(squares / (seen.size() - 1)), s.phaseStdDevMicros(Phase.INVOKE), 0.5);
        assertEquals(0.0, s.phaseStdDevMicros(Phase.SECURITY), 0.0);
    }

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.yield();
        }
    }
}
