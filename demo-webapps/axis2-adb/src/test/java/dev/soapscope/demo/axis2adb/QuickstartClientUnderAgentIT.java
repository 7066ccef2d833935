package dev.soapscope.demo.axis2adb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis2 1.8.0's quickstartadb client (its {@code ADBClient}, unmodified, on the stub Axis2's wsdl2java generates for
 * it) calling the sample's service in the axis2 webapp on Tomcat 9, in a client JVM under the agent: each call counted
 * once by its operation (never by the stub's unique service name), in-only calls too, their time in named phases, the
 * server counting the same requests, and a stub built per round, each with a ServiceClient and ConfigurationContext of
 * its own, reported at the line that builds it.
 */
class QuickstartClientUnderAgentIT {
    private static final String STUB_BUILT = "Axis2 ServiceClient built (without a ConfigurationContext given: axis2.xml "
            + "read, modules deployed, a connection pool of its own)";
    private static final int ROUNDS = 100;

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint serverAgent;
    private static String url;

    @BeforeAll
    static void deploy() throws Exception {
        server = AdbServiceUnderAgentIT.deploy(webapp).agentUnderTest().start();
        serverAgent = AgentEndpoint.of(server);
        url = server.uri("/services/StockQuoteService").toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aReusedStubsCallsAreCountedByOperation() throws Exception {
        try (ForkedClient client = driver("reuse")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            Files.writeString(Path.of("target", "client-axis2-reuse.json"), phases.toPrettyString());
            JsonNode getPrice = find(phases, "getPrice");
            assertEquals(2 * ROUNDS, getPrice.get("requests").asLong(), getPrice.toPrettyString());
            assertEquals(2 * ROUNDS, getPrice.get("outcomes").get("success").asLong());
            assertEquals("127.0.0.1:" + server.port(), getPrice.get("peer").asText());
            assertEquals(ROUNDS, find(phases, "update").get("requests").asLong());
            assertEquals(2, phases.get("clients").size(), "one row per operation: " + phases.get("clients"));
            assertTrue(AgentEndpoint.otherShare(getPrice) <= 0.10,
                    "other's share " + AgentEndpoint.otherShare(getPrice) + ": " + getPrice);
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", STUB_BUILT);
            assertEquals(1, built.get("total").asLong(), built.toPrettyString());
        }
        serverAgent.awaitRequests(AdbServiceUnderAgentIT.OPERATION, 2 * ROUNDS);
    }

    @Test
    void aStubBuiltForEveryRoundIsReportedAtTheLineThatBuildsIt() {
        try (ForkedClient client = driver("per-call")) {
            AgentEndpoint agent = client.agent();
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", STUB_BUILT);
            assertEquals(ROUNDS, built.get("total").asLong(), built.toPrettyString());
            assertEquals(1.0 / 3, built.get("per_call").asDouble(), 0.01, built.toPrettyString());
            assertTrue(built.get("callers").toString().contains("QuickstartClientDriver.main"),
                    "past the stub's and ServiceClient's constructors: " + built);
        }
    }

    /** The client row whose operation ends with {@code local}. */
    private static JsonNode find(JsonNode phases, String local) {
        for (JsonNode call : phases.get("clients")) {
            if (call.get("operation").asText().endsWith(local)) {
                return call;
            }
        }
        throw new AssertionError("no call " + local + " in " + phases.get("clients"));
    }

    private static ForkedClient driver(String mode) {
        Path[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new);
        return ForkedClient.main(QuickstartClientDriver.class.getName())
                .classpath(classpath)
                .agentUnderTest(null)
                .args(mode, String.valueOf(ROUNDS), url)
                .start()
                .await(QuickstartClientDriver.DONE, Duration.ofSeconds(240));
    }
}
