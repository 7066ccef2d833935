package dev.soapscope.demo.axis1;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.PrometheusText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WAR alone on Tomcat 9, no agent: the servlet filter in WEB-INF/lib records each Axis request and serves its
 * endpoint inside the webapp. It sees the transport only; Axis's conversions need the agent.
 */
class Axis1FilterAloneIT {
    private static final int N = 5;

    @TempDir
    Path webapp;

    @Test
    void filterCountsEachAxisRequestAndServesItsEndpoint() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat9().webapp(QuoteClient.explodedWar(webapp)).start()) {
            assertTrue(server.waitForOutput("soapscope filter: no agent attached, recording locally", Duration.ofSeconds(5)),
                    server.output());
            QuoteClient.quote(server, "plain", "urn:test:axis1:plain", N);
            QuoteClient.quote(server, "logging", "urn:test:axis1:logging", N);

            AgentEndpoint filter = new AgentEndpoint(server.uri("/soapscope"));
            PrometheusText metrics = filter.metrics();
            JsonNode phases = filter.phases();
            for (String operation : new String[] {"urn:test:axis1:plain", "urn:test:axis1:logging"}) {
                assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                        Map.of("operation", operation, "outcome", "success")), operation);
                JsonNode op = AgentEndpoint.operation(phases, operation);
                for (String phase : new String[] {"transport.read", "transport.write"}) {
                    assertEquals(N, op.get("phases").get(phase).get("requests").asLong(), operation + " " + phase);
                }
                assertTrue(op.get("bytes_in_per_request").asLong() > 5000, op.toPrettyString());
                assertFalse(op.get("hotspots_per_request").has("soap.conversion"), op.toPrettyString());
            }
        }
    }
}
