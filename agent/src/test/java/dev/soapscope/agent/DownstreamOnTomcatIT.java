package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.DownstreamCallingServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A service that calls another while serving (a SAAJ call to an echo on the same Tomcat 11, twice per request), under
 * the agent on every JDK the machine has among 17 and 25: the request waits in {@code downstream} for as long as its
 * calls took, the calls are counted once each with their own phases under {@code clients}, made from that operation,
 * and the echo counts the same requests as served.
 */
class DownstreamOnTomcatIT {
    private static final int N = 100;
    private static final int WARM_UP = 40;
    private static final int CALLS = 2;
    private static final String FRONT = "urn:front";
    private static final String CALL = "{urn:soapscope:test}echo";

    private static void front(ForkedServer server, int requests) {
        for (int i = 0; i < requests; i++) {
            Http.Response r = Http.post(server.uri("/front?calls=" + CALLS), Soap.echoRequest("front " + i),
                    Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"" + FRONT + "\""));
            assertEquals(200, r.status(), r::toString);
            assertTrue(r.body().contains("downstream " + (CALLS - 1)), r.body());
        }
    }

    static Stream<Path> jdks() {
        return Jdks.available();
    }

    @ParameterizedTest(name = "JDK {0}")
    @MethodSource("jdks")
    void aRequestWaitsDownstreamForItsCallsWhichHaveTheirOwnBreakdown(Path javaHome) throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaHome(javaHome).agentUnderTest()
                .servlet(DownstreamCallingServlet.class, "/front")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            front(server, WARM_UP);
            agent.awaitRequests(FRONT, WARM_UP);
            JsonNode warm = AgentEndpoint.client(agent.phases(), CALL);
            front(server, N - WARM_UP);
            agent.awaitRequests(FRONT, N);
            JsonNode phases = agent.phases();
            JsonNode front = AgentEndpoint.operation(phases, FRONT);
            JsonNode call = AgentEndpoint.client(phases, CALL);
            assertEquals(N * CALLS, call.get("requests").asLong(), call.toPrettyString());
            assertEquals("127.0.0.1:" + server.port(), call.get("peer").asText());
            assertEquals(N * CALLS, call.get("called_from").path(FRONT).asLong(), call.toPrettyString());
            assertEquals(N * CALLS, AgentEndpoint.operation(phases, "/echo").get("requests").asLong(),
                    "the echo served each call once: " + phases.get("operations"));
            for (String phase : new String[] {"soap.serialize", "transport.write", "wait"}) {
                assertTrue(call.get("phases").has(phase), phase + ": " + call.toPrettyString());
            }
            Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, call); // the calls after the warm-up
            double other = otherShare(spent);
            AgentOnTomcatIT.assertPhasesAddUp(front);
            AgentOnTomcatIT.assertPhasesAddUp(call);
            // the front spent in downstream what its calls took, and none of the calls' phases is the front's
            double downstream = front.get("phases").get("downstream").get("mean_us").asDouble() * N;
            double calls = call.get("duration_us").get("mean").asDouble() * N * CALLS;
            assertTrue(downstream >= calls * 0.99 && downstream <= calls * 1.10 + 2_000 * N,
                    "downstream " + downstream + " us for calls of " + calls + " us in all");
            assertTrue(!front.get("phases").has("wait") && !front.get("phases").has("connect"), front.toPrettyString());
            assertFalse(server.output().contains("[soapscope] INFO traces:"), "no tracer: the traces bridge stays unloaded");
            PrometheusText metrics = agent.metrics();
            assertEquals(N * CALLS, metrics.value("soapscope_client_call_duration_seconds_count",
                    Map.of("operation", CALL, "outcome", "success", "peer", "127.0.0.1:" + server.port())), 0.0);
            if (other > 0.10) {
                // one descheduling between two phases of ~300 ms of calls is a few points on these 2 shared cores: a
                // second batch tells a hiccup from time the phases miss, which would show in both
                front(server, N - WARM_UP);
                agent.awaitRequests(FRONT, 2 * N - WARM_UP);
                Map<String, Double> again = AgentEndpoint.selfMicrosBetween(call, AgentEndpoint.client(agent.phases(), CALL));
                assertTrue(otherShare(again) <= 0.10, "other's share " + other + " of " + spent + ", then "
                        + otherShare(again) + " of " + again);
            }
        }
    }

    /** The share of {@code other} in the self time of every phase of {@code spent}. */
    private static double otherShare(Map<String, Double> spent) {
        return spent.getOrDefault("other", 0.0) / spent.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
