package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.DownstreamCallingServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tomcat 11 serving every request on a virtual thread ({@code useVirtualThreads}) on JDK 25, under the agent: requests
 * and the SOAP calls they make are counted, named and split as on platform threads (the request waits downstream for
 * its calls), and their allocation, which the JDK does not count for a virtual thread, is absent rather than 0.
 */
class VirtualThreadsOnTomcatIT {
    private static final int N = 60;

    @Test
    void requestsAndCallsOnVirtualThreads() throws Exception {
        Path jdk25 = Jdks.java25().orElse(null);
        assumeTrue(jdk25 != null, "no Java 25 on this machine: virtual threads need Java 21+");
        try (ForkedServer server = ForkedServer.tomcat().javaHome(jdk25).agentUnderTest()
                .jvmArg("-Dtestkit.virtualThreads=true")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(DownstreamCallingServlet.class, "/front")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < N; i++) {
                Http.Response r = Http.post(server.uri("/front"), Soap.echoRequest("v " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"urn:front\""));
                assertEquals(200, r.status(), r::toString);
            }
            agent.awaitRequests("urn:front", N);
            agent.awaitRequests("/echo", N);
            JsonNode phases = agent.phases();
            JsonNode front = AgentEndpoint.operation(phases, "urn:front");
            JsonNode echo = AgentEndpoint.operation(phases, "/echo");
            JsonNode call = AgentEndpoint.client(phases, "{urn:soapscope:test}echo");
            assertEquals(N, front.get("requests").asLong());
            assertEquals(N, echo.get("requests").asLong());
            assertEquals(N, call.get("requests").asLong());
            assertEquals(N, call.get("called_from").path("urn:front").asLong(), call.toPrettyString());
            assertTrue(front.get("phases").has("downstream"), front.toPrettyString());
            assertTrue(echo.get("phases").has("soap.parse") && echo.get("phases").has("transport.read"), echo.toPrettyString());
            AgentOnTomcatIT.assertPhasesAddUp(front);
            AgentOnTomcatIT.assertPhasesAddUp(call);
            assertFalse(phases.get("allocation_measured").asBoolean(), phases.toPrettyString());
            for (JsonNode entry : new JsonNode[] {front, echo, call}) {
                assertEquals(0, entry.get("alloc_measured_requests").asLong(), entry.toPrettyString());
                assertFalse(entry.has("alloc_bytes_per_request"), "absent, not zero: " + entry);
            }
        }
    }
}
