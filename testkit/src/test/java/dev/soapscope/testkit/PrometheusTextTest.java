package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    private static final String TEXT = String.join("\n",
            "# HELP soapscope_phase_seconds Time per phase.\\nSecond line, a \\\\ backslash",
            "# TYPE soapscope_phase_seconds histogram",
            "soapscope_phase_seconds_bucket{phase=\"parse\",le=\"0.001\",} 3.0",
            "soapscope_phase_seconds_bucket{phase=\"parse\",le=\"+Inf\",} 5.0",
            "soapscope_phase_seconds_count{phase=\"parse\",} 5.0",
            "soapscope_phase_seconds_sum{phase=\"parse\",} 0.25",
            "soapscope_phase_seconds_bucket{phase=\"write\",le=\"+Inf\",} 2.0",
            "soapscope_phase_seconds_count{phase=\"write\",} 2.0",
            "# a plain comment",
            "",
            "weird{path=\"C:\\\\dir\\\\\",quote=\"say \\\"hi\\\"\",nl=\"a\\nb\"} 1e3 1700000000000",
            "no_labels 42",
            "  spaced { a = \"1\" , b=\"2\" }   -Inf",
            "nan_metric NaN\r",
            "# EOF",
            "");

    private final PrometheusText metrics = PrometheusText.parse(TEXT);

    @Test
    void parsesHistogramWithInfBuckets() {
        assertEquals(5.0, metrics.value("soapscope_phase_seconds_bucket", Map.of("phase", "parse", "le", "+Inf")));
        assertEquals(3.0, metrics.value("soapscope_phase_seconds_bucket", Map.of("phase", "parse", "le", "0.001")));
        assertEquals(0.25, metrics.value("soapscope_phase_seconds_sum", Map.of()));
        assertEquals(7.0, metrics.sum("soapscope_phase_seconds_count", Map.of()));
        assertEquals(7.0, metrics.sum("soapscope_phase_seconds_bucket", l -> l.get("le").equals("+Inf")));
        assertEquals("histogram", metrics.type("soapscope_phase_seconds"));
        assertEquals("Time per phase.\nSecond line, a \\ backslash", metrics.help("soapscope_phase_seconds"));
        assertEquals(3, metrics.samples("soapscope_phase_seconds_bucket").size());
    }

    @Test
    void unescapesLabelValues() {
        PrometheusText.Sample weird = metrics.samples("weird").get(0);
        assertEquals(Map.of("path", "C:\\dir\\", "quote", "say \"hi\"", "nl", "a\nb"), weird.labels());
        assertEquals(List.of("path", "quote", "nl"), List.copyOf(weird.labels().keySet()), "exposition order");
        assertEquals(1000.0, weird.value());
        assertEquals(1000.0, metrics.value("weird", Map.of("quote", "say \"hi\"")));
    }

    @Test
    void toleratesSpacesAndSpecialValues() {
        assertEquals(42.0, metrics.value("no_labels", Map.of()));
        assertEquals(Double.NEGATIVE_INFINITY, metrics.value("spaced", Map.of("a", "1", "b", "2")));
        assertTrue(Double.isNaN(metrics.value("nan_metric", Map.of())));
        assertEquals(List.of("soapscope_phase_seconds_bucket", "soapscope_phase_seconds_count",
                "soapscope_phase_seconds_sum", "weird", "no_labels", "spaced", "nan_metric"),
                List.copyOf(metrics.names()));
    }

    @Test
    void missingSampleListsNearMatches() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> metrics.value("soapscope_phase_seconds_count", Map.of("phase", "dispatch")));
        assertTrue(e.getMessage().contains("no sample soapscope_phase_seconds_count{phase=\"dispatch\"}"),
                e.getMessage());
        assertTrue(e.getMessage().contains("soapscope_phase_seconds_count{phase=\"write\"} 2.0"), e.getMessage());
        assertTrue(e.getMessage().contains("soapscope_phase_seconds_bucket (3 samples)"), e.getMessage());
    }

    @Test
    void ambiguousMatchFailsUnlessOneIsExact() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> metrics.value("soapscope_phase_seconds_bucket", Map.of("phase", "parse")));
        assertTrue(e.getMessage().startsWith("2 samples match"), e.getMessage());

        PrometheusText exact = PrometheusText.parse("m{a=\"1\"} 1\nm{a=\"1\",b=\"2\"} 2\n");
        assertEquals(1.0, exact.value("m", Map.of("a", "1")));
        assertTrue(exact.find("m", Map.of("a", "9")).isEmpty());
    }

    @Test
    void rejectsMalformedLinesWithTheLineNumber() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrometheusText.parse("ok 1\nbad{a=\"1\" 2\n"));
        assertTrue(e.getMessage().startsWith("line 2:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PrometheusText.parse("m{a=\"unterminated} 1"));
        assertThrows(IllegalArgumentException.class, () -> PrometheusText.parse("m notanumber"));
        assertThrows(IllegalArgumentException.class, () -> PrometheusText.parse("m"));
    }
}
