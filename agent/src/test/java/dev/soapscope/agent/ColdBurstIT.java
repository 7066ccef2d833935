package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cold server's first requests all at once: the classes they load first are woven inside them, by the agent, on
 * the request threads. Nothing the agent does there may count as the application's: no hot spot at or through the
 * agent's own code (the weaver's, its shaded libraries'), and the requests' counts stay exact.
 */
class ColdBurstIT {
    private static final int BURST = 200;

    @Test
    void concurrentFirstRequestsCountNoHotSpotOfTheAgentsOwn() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            burstCountedExactly(server);
        }
    }

    /**
     * The same burst on a second start, whose classes come woven from the first start's cache ({@code weave.cache}):
     * counted as exactly, the servlet classes of the first requests among them.
     */
    @Test
    void aSecondStartWeavingFromTheFirstsCacheCountsItsFirstRequestsExactly(@TempDir Path dir) throws Exception {
        for (int start = 1; start <= 2; start++) {
            try (ForkedServer server = ForkedServer.tomcat()
                    .javaagent(AgentOnTomcatIT.AGENT, "port=0,log=debug,bootstrap.dir=" + dir)
                    .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                    .servlet(CachedStaxServlet.class, "/stax")
                    .start()) {
                burstCountedExactly(server);
                boolean fromCache = server.output().contains("DEBUG instrumented jakarta.servlet.http.HttpServlet as an earlier start did");
                assertEquals(start == 2, fromCache, "the servlet class woven by the weaver on the first start, from the cache on the second");
                if (start == 1) {
                    assertTrue(server.output().contains("DEBUG instrumented jakarta.servlet.http.HttpServlet"), server::output);
                }
            }
        }
    }

    private static void burstCountedExactly(ForkedServer server) throws Exception {
        AgentEndpoint agent = AgentEndpoint.of(server);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < BURST; i++) { // each on a connection of its own: Tomcat's threads all start at once
            String path = i % 2 == 0 ? "/echo" : "/stax";
            HttpRequest request = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(120))
                    .header("Content-Type", Soap.CONTENT_TYPE).header("SOAPAction", "urn:burst" + path)
                    .POST(HttpRequest.BodyPublishers.ofString(Soap.echoRequest("cold " + i))).build();
            answers.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            assertEquals(200, answer.get().statusCode(), answer.get()::body);
        }

        JsonNode phases = agent.phases();
        assertEquals(BURST / 2, AgentEndpoint.operation(phases, "urn:burst/echo").get("requests").asLong());
        assertEquals(BURST / 2, AgentEndpoint.operation(phases, "urn:burst/stax").get("requests").asLong());
        for (JsonNode site : agent.hotspots().get("hotspots")) {
            String where = site.get("caller").asText() + "\n" + site.get("first_stack");
            assertFalse(where.contains("dev.soapscope.agent") || where.contains("dev.soapscope.shaded"),
                    "a hot spot of the agent's own work counted as the application's: " + site.toPrettyString());
        }
    }
}
