package dev.soapscope.agent.traces;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Tracers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * soapscope beside Datadog's real Java agent with its OpenTelemetry bridge on ({@code dd.trace.otel.enabled}), on
 * Tomcat 11, in both {@code -javaagent} orders. Datadog's logging writer prints each trace as it would send it: every
 * request's {@code servlet.request} span carries soapscope's breakdown, numbers as its metrics and names as its meta,
 * and soapscope counts exactly.
 */
class DatadogBridgeIT {
    private static final int N = 20;
    private static final String ACTION = "urn:datadog-echo";
    private static final Pattern TRACE = Pattern.compile("LoggingWriter - write\\(trace\\): (\\[.*])");

    enum Order { SOAPSCOPE_FIRST, DATADOG_FIRST }

    @ParameterizedTest
    @EnumSource(Order.class)
    void eachServletRequestSpanCarriesTheRequestsBreakdown(Order order) throws Exception {
        ForkedServer.Builder b = TracedEcho.tomcat()
                .jvmArgs("-Ddd.trace.otel.enabled=true", "-Ddd.writer.type=LoggingWriter", "-Ddd.service=soap-echo",
                        "-Ddd.profiling.enabled=false", "-Ddd.remote_config.enabled=false",
                        "-Ddd.instrumentation.telemetry.enabled=false", "-Ddd.appsec.enabled=false",
                        "-Ddd.trace.agent.url=http://127.0.0.1:9");
        TracedEcho.withAgent(b, Tracers.datadogAgent(), order == Order.DATADOG_FIRST);
        try (ForkedServer server = b.start()) {
            TracedEcho.post(server, "/warm-up", "warm-up", "urn:warm-up");
            assertTrue(server.waitForOutput("traces: each request's breakdown goes on its Datadog span",
                    Duration.ofSeconds(30)), server.output());
            for (int i = 0; i < N; i++) {
                TracedEcho.post(server, "/echo", "datadog " + i, ACTION);
            }
            AgentEndpoint agent = AgentEndpoint.of(server);
            agent.awaitRequests(ACTION, N);
            assertEquals(N, AgentEndpoint.operation(agent.phases(), ACTION).get("requests").asLong());
            List<JsonNode> spans = awaitEchoSpans(server);
            assertEquals(N, spans.size());
            for (JsonNode span : spans) {
                JsonNode meta = span.get("meta");
                JsonNode metrics = span.get("metrics");
                assertEquals("POST /echo", span.get("resource").asText(), "Datadog's own name: " + span);
                assertEquals(ACTION, meta.path("soapscope.operation").asText(), span::toPrettyString);
                assertEquals("success", meta.path("soapscope.outcome").asText(), span::toPrettyString);
                assertTrue(metrics.path("soapscope.hotspot.factory_create").asLong() >= 1, span::toPrettyString);
                assertTrue(metrics.path("soapscope.phase.soap_parse.us").asLong() > 0, span::toPrettyString);
                assertTrue(metrics.path("soapscope.alloc.bytes").asLong() > 0, span::toPrettyString);
                long duration = metrics.path("soapscope.duration.us").asLong();
                assertTrue(duration > 0 && duration * 1000 <= span.get("duration").asLong() + 1000, span::toPrettyString);
            }
        }
    }

    /** The {@code /echo} spans of the traces Datadog's writer printed, once there is one per request. */
    private static List<JsonNode> awaitEchoSpans(ForkedServer server) throws Exception {
        ObjectMapper json = new ObjectMapper();
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<JsonNode> echo = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            echo.clear();
            Matcher m = TRACE.matcher(server.output());
            while (m.find()) {
                for (JsonNode span : json.readTree(m.group(1))) {
                    if ("/echo".equals(span.path("meta").path("servlet.path").asText())) {
                        echo.add(span);
                    }
                }
            }
            if (echo.size() >= N) {
                return echo;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(echo.size() + " spans of " + N + "; server output:\n" + server.output());
    }
}
