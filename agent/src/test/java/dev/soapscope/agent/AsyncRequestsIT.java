package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.AsyncSaajServlet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Asynchronous servlet requests on Tomcat 11 and Jetty 12.1 under the agent: a servlet that only starts async, its
 * work (read, SAAJ parse, write) done by an {@code AsyncContext.start} task on a container thread, then
 * {@code complete()}; and one whose task dispatches the request back, the ASYNC dispatch doing that work. Each request
 * is counted once, its work on the other thread is its phases (not background work), and its time runs to completion.
 */
class AsyncRequestsIT {
    private static final int N = 40;

    @ParameterizedTest
    @EnumSource(value = ForkedServer.Container.class, names = {"TOMCAT", "JETTY"})
    void workOnOtherThreadsStaysWithTheRequest(ForkedServer.Container container) throws Exception {
        try (ForkedServer server = ForkedServer.on(container).agentUnderTest()
                .servlet(AsyncSaajServlet.class, "/async").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < N; i++) {
                for (String mode : new String[] {"start", "dispatch"}) {
                    Http.Response r = Http.post(server.uri("/async?mode=" + mode), Soap.echoRequest(mode + " " + i),
                            Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"urn:async-" + mode + "\""));
                    assertEquals(200, r.status(), r::toString);
                    Soap.assertEnvelopeWithText(r.body(), mode + " " + i);
                }
            }
            agent.awaitRequests("urn:async-start", N);
            agent.awaitRequests("urn:async-dispatch", N);
            JsonNode phases = agent.phases();
            for (String mode : new String[] {"start", "dispatch"}) {
                JsonNode op = AgentEndpoint.operation(phases, "urn:async-" + mode);
                assertEquals(N, op.get("requests").asLong(), op.toPrettyString());
                for (String phase : new String[] {"soap.parse", "soap.serialize", "transport.read", "transport.write"}) {
                    assertEquals(N, op.get("phases").path(phase).path("requests").asLong(), mode + " " + phase + ": " + op);
                }
                AgentOnTomcatIT.assertPhasesAddUp(op);
                long bytes = Soap.utf8Length(Soap.echoRequest(mode + " 0"));
                assertTrue(op.get("bytes_in_per_request").asLong() >= bytes, "the task's reads are the request's: " + op);
            }
            JsonNode background = phases.path("background");
            assertFalse(!background.isMissingNode() && background.get("phases").has("soap.parse"),
                    "the requests' work is no background work: " + background);
        }
    }
}
