package dev.soapscope.agent.traces;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ElasticIntake;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Tracers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * soapscope beside the real Elastic APM agent on Tomcat 11, in both {@code -javaagent} orders, the agent sending to a
 * loopback intake (the APM Server cannot run here): every answer is right, soapscope counts exactly, Elastic still
 * reports a transaction per request, and through Elastic's OpenTelemetry bridge each transaction carries soapscope's
 * breakdown in its OpenTelemetry attributes.
 */
class ElasticBridgeIT {
    private static final int N = 40;
    private static final String ACTION = "urn:elastic-echo";

    enum Order { SOAPSCOPE_FIRST, ELASTIC_FIRST }

    @ParameterizedTest
    @EnumSource(Order.class)
    void eachTransactionCarriesTheRequestsBreakdown(Order order) throws Exception {
        try (ElasticIntake intake = ElasticIntake.start()) {
            ForkedServer.Builder b = TracedEcho.tomcat()
                    .jvmArgs("-Delastic.apm.server_url=" + intake.url(), "-Delastic.apm.service_name=soap-echo",
                            "-Delastic.apm.api_request_time=500ms", "-Delastic.apm.metrics_interval=0s",
                            "-Delastic.apm.central_config=false", "-Delastic.apm.cloud_provider=none",
                            "-Delastic.apm.log_level=WARN");
            TracedEcho.withAgent(b, Tracers.elasticAgent(), order == Order.ELASTIC_FIRST);
            try (ForkedServer server = b.start()) {
                AgentEndpoint agent = AgentEndpoint.of(server);
                TracedEcho.post(server, "/warm-up", "warm-up", "urn:warm-up");
                assertTrue(server.waitForOutput("traces: each request's breakdown goes on its Elastic APM span",
                        Duration.ofSeconds(30)), server.output());
                for (int i = 0; i < N; i++) {
                    TracedEcho.post(server, "/echo", "elastic " + i, ACTION);
                }
                agent.awaitRequests(ACTION, N);
                assertEquals(N, AgentEndpoint.operation(agent.phases(), ACTION).get("requests").asLong());
                List<JsonNode> transactions = awaitTransactions(intake, server);
                assertEquals(N, transactions.size());
                for (JsonNode t : transactions) {
                    JsonNode attributes = t.path("otel").path("attributes");
                    assertEquals(ACTION, attributes.path("soapscope.operation").asText(), t::toPrettyString);
                    assertTrue(attributes.path("soapscope.hotspot.factory_create").asLong() >= 1, t::toPrettyString);
                    assertTrue(attributes.path("soapscope.phase.soap_parse.us").asLong() > 0, t::toPrettyString);
                    assertTrue(attributes.path("soapscope.alloc.bytes").asLong() > 0, t::toPrettyString);
                    long duration = attributes.path("soapscope.duration.us").asLong();
                    assertTrue(duration > 0 && duration <= t.get("duration").asDouble() * 1000 + 1, t::toPrettyString);
                }
            }
        }
    }

    /** The transactions of /echo, once Elastic has sent one per request. */
    private static List<JsonNode> awaitTransactions(ElasticIntake intake, ForkedServer server) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<JsonNode> echo = List.of();
        while (System.nanoTime() < deadline) {
            echo = intake.events("transaction").stream()
                    .filter(t -> t.path("context").path("request").path("url").path("pathname").asText().equals("/echo"))
                    .toList();
            if (echo.size() >= N) {
                return echo;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(echo.size() + " transactions of " + N + "; all events: "
                + intake.events("transaction") + "\nserver output:\n" + server.output());
    }
}
