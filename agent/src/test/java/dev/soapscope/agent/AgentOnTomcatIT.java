package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import dev.soapscope.testkit.servlets.SingleByteReadServlet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent alone on an unmodified embedded Tomcat 11 (forked JVM, {@code -javaagent}): exact per-operation
 * counts, phases that add up, the hot spots the servlets really have, and none for the well-behaved one.
 * Runs on every JDK the machine has among 17 and 25.
 */
class AgentOnTomcatIT {
    static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "target/soapscope-agent.jar"));
    static final int N = 40;

    static Stream<Path> jdks() {
        return Jdks.available();
    }

    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void countsRequestsPhasesAndHotSpotsExactly(Path javaHome) throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaHome(javaHome)
                .javaagent(AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(CachedStaxServlet.class, "/stax")
                .servlet(SingleByteReadServlet.class, "/bytes")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            String bytesBody = Soap.echoRequest("b", 600);
            for (int i = 0; i < N; i++) {
                Http.Response echo = Http.post(server.uri("/echo"), Soap.echoRequest("hello " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"urn:echo\""));
                assertEquals(200, echo.status(), echo::toString);
                Soap.assertEnvelopeWithText(echo.body(), "hello " + i);
                Http.Response stax = Http.post(server.uri("/stax"), Soap.echoRequest("well " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:stax"));
                Soap.assertEnvelopeWithText(stax.body(), "well " + i);
                // no SOAPAction: named by the servlet path
                assertEquals(200, Http.post(server.uri("/bytes"), bytesBody, Soap.CONTENT_TYPE, Map.of()).status());
            }

            PrometheusText metrics = agent.metrics();
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", "urn:echo", "outcome", "success")), 0.0);
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", "urn:stax", "outcome", "success")), 0.0);
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", "/bytes", "outcome", "success")), 0.0);
            // microsecond buckets exist: phases are far below the usual 5 ms first bucket
            assertTrue(metrics.find("soapscope_phase_duration_seconds_bucket",
                    Map.of("operation", "urn:echo", "phase", "transport.read", "le", "1.0E-6")).isPresent()
                    || metrics.find("soapscope_phase_duration_seconds_bucket",
                    Map.of("operation", "urn:echo", "phase", "transport.read", "le", "0.000001")).isPresent(),
                    "no 1 us bucket in " + metrics.samples("soapscope_phase_duration_seconds_bucket").subList(0, 3));

            JsonNode phases = agent.phases();
            JsonNode echo = AgentEndpoint.operation(phases, "urn:echo");
            assertEquals(N, echo.get("requests").asLong());
            assertTrue(echo.get("phases").has("transport.read"), echo::toPrettyString);
            assertTrue(echo.get("phases").has("transport.write"), echo::toPrettyString);
            assertPhasesAddUp(echo);
            assertPhasesAddUp(AgentEndpoint.operation(phases, "urn:stax"));
            assertTrue(echo.get("bytes_in_per_request").asLong() >= Soap.utf8Length(Soap.echoRequest("hello 0")));
            assertTrue(echo.get("bytes_out_per_request").asLong() > 100);

            JsonNode hotspots = agent.hotspots();
            JsonNode saaj = AgentEndpoint.site(hotspots, "factory.create", "jakarta.xml.soap.MessageFactory.newInstance");
            assertEquals(N, count(saaj, "urn:echo"), saaj::toPrettyString);
            assertEquals(1.0, perRequest(saaj, "urn:echo"), 0.0);
            assertTrue(saaj.get("first_stack").toString().contains(SaajFactoryPerRequestServlet.class.getName()),
                    "call site not in " + saaj.get("first_stack"));

            // the servlet calls read() once per byte, and once more for the end of the stream
            JsonNode singleBytes = AgentEndpoint.site(hotspots, "stream.single_byte_read", "org.apache.catalina.connector.CoyoteInputStream");
            assertEquals((long) N * (Soap.utf8Length(bytesBody) + 1), count(singleBytes, "/bytes"));

            // no false alarms on a service that caches its factory and reads in bulk
            for (JsonNode s : hotspots.get("hotspots")) {
                for (JsonNode op : s.get("operations")) {
                    assertFalse(op.get("operation").asText().equals("urn:stax"),
                            "well-behaved servlet reported at " + s.toPrettyString());
                }
            }
            assertFalse(AgentEndpoint.operation(phases, "urn:stax").get("hotspots_per_request").fieldNames().hasNext());
        }
    }

    /** Phase means are per request and add up to the request mean (within rounding); shares add up to 1. */
    static void assertPhasesAddUp(JsonNode op) {
        double sum = 0;
        double shares = 0;
        for (JsonNode p : op.get("phases")) {
            sum += p.get("mean_us").asDouble();
            shares += p.get("share").asDouble();
        }
        double total = op.get("duration_us").get("mean").asDouble();
        assertEquals(total, sum, total * 0.05, "phases of " + op.toPrettyString());
        assertEquals(1.0, shares, 0.01, "shares of " + op.toPrettyString());
    }

    static long count(JsonNode site, String operation) {
        for (JsonNode op : site.get("operations")) {
            if (op.get("operation").asText().equals(operation)) {
                return op.get("count").asLong();
            }
        }
        return 0;
    }

    static double perRequest(JsonNode site, String operation) {
        for (JsonNode op : site.get("operations")) {
            if (op.get("operation").asText().equals(operation)) {
                return op.get("per_request").asDouble();
            }
        }
        return 0;
    }
}
