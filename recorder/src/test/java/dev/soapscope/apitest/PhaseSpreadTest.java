package dev.soapscope.apitest;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
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
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:spread");
            Recorder.enter(Phase.INVOKE);
            spin(m);
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        }
        Recorder.removeListener(listener);
        OperationStats s = stats("urn:spread");
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

    @Test
    void standardDeviationOfPerRequestAllocation() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        int[] sizes = {100_000, 300_000, 100_000, 300_000, 500_000};
        java.util.List<Long> seen = new java.util.ArrayList<Long>();
        dev.soapscope.recorder.RequestListener listener = r -> seen.add(r.phaseAllocatedBytes(Phase.INVOKE.ordinal()));
        Recorder.addListener(listener);
        for (int size : sizes) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:alloc-spread");
            Recorder.enter(Phase.INVOKE);
            sink = new byte[size];
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        }
        Recorder.removeListener(listener);
        OperationStats s = stats("urn:alloc-spread");
        double mean = 0;
        for (long b : seen) {
            mean += (double) b / seen.size();
        }
        double squares = 0;
        for (long b : seen) {
            squares += (b - mean) * (b - mean);
        }
        double expected = Math.sqrt(squares / (seen.size() - 1));
        assertEquals(expected, s.phaseAllocStdDevBytes(Phase.INVOKE), 1.0);
        assertEquals(167_332, expected, 2_000, "the arrays' spread, give or take the recorder's own bytes");
        assertEquals(0.0, s.phaseAllocStdDevBytes(Phase.SECURITY), 0.0);
    }

    private static volatile byte[] sink;

    private static OperationStats stats(String name) {
        for (int i = 0; i < Recorder.aggregates().operations().size(); i++) {
            if (name.equals(Recorder.aggregates().operations().name(i))) {
                return Recorder.aggregates().stats(i);
            }
        }
        return null;
    }

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.yield();
        }
    }
}
