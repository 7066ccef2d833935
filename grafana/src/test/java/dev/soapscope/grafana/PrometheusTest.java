package dev.soapscope.grafana;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrometheusTest {

    @Test
    void aMissingPrometheusNamesTheDebianPackageAndTheScriptThatInstallsIt() {
        AssertionError e = assertThrows(AssertionError.class, () -> Prometheus.executable("/nonexistent/bin"));
        assertTrue(e.getMessage().contains("Debian's package `prometheus`") && e.getMessage().contains("scripts/install-test-deps.sh")
                && e.getMessage().contains("scripts/test.sh"),
                e.getMessage());
    }
}
