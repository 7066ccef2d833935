package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;
import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The payload-caching WAR (Spring-WS 5, one endpoint behind a SAAJ and an Axiom streaming MessageDispatcherServlet)
 * deployed as {@code payload-caching.war} in a real server with the agent attached: every order answered correctly,
 * and the agent's endpoint counting exactly what was sent, with the Spring-WS phases and the hot spots SAAJ has.
 */
final class PayloadCachingChecks {
    static final int N = 20;
    static final String CONTEXT = "/payload-caching";
    /** servlet path -> SOAPAction (the operation name) */
    static final Map<String, String> SCENARIOS = Map.of(
            "saaj", "urn:servers:saaj",
            "axiom-streaming", "urn:servers:axiom-streaming");
    static final String[] SPRING_WS_PHASES = {"transport.read", "soap.parse", "unmarshal", "invoke", "marshal",
            "soap.serialize", "transport.write"};

    private PayloadCachingChecks() {
    }

    static Path war() {
        return Launch.existing("soapscope.test.webapps", "target/webapps").resolve("payload-caching.war");
    }

    /** Waits for the deployment (Spring-WS answers GET with 405), sends N orders per scenario, checks the endpoint. */
    static void driveAndCheck(DistributionServer server, AgentEndpoint agent) {
        int status = server.awaitDeployed(CONTEXT + "/saaj/orders");
        assertEquals(405, status, "GET on a MessageDispatcherServlet");
        String envelope = Orders.envelope("ORD-42", Orders.LINES);
        for (Map.Entry<String, String> scenario : SCENARIOS.entrySet()) {
            for (int i = 0; i < N; i++) {
                Http.Response r = Http.post(server.uri(CONTEXT + "/" + scenario.getKey() + "/orders"), envelope,
                        Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"" + scenario.getValue() + "\""));
                assertEquals(200, r.status(), r::toString);
                assertTrue(r.body().contains("<ord:lineCount>" + Orders.LINES + "</ord:lineCount>"), r.body());
                assertTrue(r.body().contains("<ord:total>" + Orders.expectedTotal(Orders.LINES) + "</ord:total>"), r.body());
            }
        }

        server.mark(N * SCENARIOS.size() + " orders answered");
        PrometheusText metrics = agent.metrics();
        JsonNode phases = agent.phases();
        for (String operation : SCENARIOS.values()) {
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", operation, "outcome", "success")), 0.0, operation);
            assertEquals((double) N * Soap.utf8Length(envelope), metrics.value("soapscope_request_bytes_sum",
                    Map.of("operation", operation, "direction", "in")), 0.0, operation + ": every request byte, once");

            JsonNode op = AgentEndpoint.operation(phases, operation);
            assertEquals(N, op.get("requests").asLong(), op::toPrettyString);
            for (String phase : SPRING_WS_PHASES) {
                assertTrue(op.get("phases").has(phase), () -> operation + " has no " + phase + ": " + op.toPrettyString());
                assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                        Map.of("operation", operation, "phase", phase)), 0.0, operation + " " + phase);
            }
            double shares = 0;
            for (JsonNode p : op.get("phases")) {
                shares += p.get("share").asDouble();
            }
            assertEquals(1.0, shares, 0.01, () -> "shares of " + op.toPrettyString());
        }
        // SAAJ builds a DOM per message with a new DocumentBuilderFactory: probes in JDK classes work under the
        // server's class loaders too
        JsonNode saaj = AgentEndpoint.operation(phases, SCENARIOS.get("saaj")).get("hotspots_per_request");
        assertTrue(saaj.path("factory.create").asDouble() >= 1.0, saaj::toPrettyString);
        assertTrue(saaj.path("soap.conversion").asDouble() >= 1.0, saaj::toPrettyString);
    }
}
