package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class HistogramsTest {
    private static final String SAMPLE = """
            12345:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:         10000        1200000  [B (java.base@17.0.15)
               2:           200          64000  dev.soapscope.recorder.Histogram
               3:            50           4800  dev.soapscope.shaded.micrometer.core.instrument.Timer
               4:             3            144  one.profiler.AsyncProfiler
               5:           100           2400  java.lang.String (java.base@17.0.15)
            Total         10353        1271344
            """;

    @Test
    void sumsTheAgentsOwnClasses() {
        Map<String, Histograms.Entry> classes = Histograms.parse(SAMPLE);
        assertEquals(5, classes.size());
        assertEquals(new Histograms.Entry(253, 68944), Histograms.agentsTotal(classes));
        assertEquals(1271344, Histograms.total(classes));
    }
}
