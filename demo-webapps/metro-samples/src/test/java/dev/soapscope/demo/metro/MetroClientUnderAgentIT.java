package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro 4.0.5's fromwsdl sample client (the classes its wsimport generates, driven as {@code AddNumbersClient} does)
 * calling the sample's service on Tomcat 11, in a client JVM under the agent: each call counted once by its WSDL
 * operation and outcome (Metro returns the fault, the port throws it), a one-way call counted too, the calls' time in
 * named phases, the server counting the same requests, and a Service built per round reported where it is built.
 */
class MetroClientUnderAgentIT {
    private static final String ADD = "{http://duke.example.org}addNumbers";
    private static final String ONE_WAY = "{http://duke.example.org}oneWayInt";
    private static final String SERVICE_BUILT = "JAX-WS Service built (its WSDL read and parsed, unless the stack cached it)";
    private static final int ROUNDS = 100;

    @TempDir
    static Path webapp;
    private static MetroSample sample;
    private static String wsdl;

    @BeforeAll
    static void deploy() throws IOException {
        sample = MetroSample.deploy("metro-fromwsdl.war", webapp);
        wsdl = sample.server.uri("/addnumbers?wsdl").toString();
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void aReusedPortsCallsAreCountedByOperationAndOutcome() throws Exception {
        try (ForkedClient client = driver("reuse")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            JsonNode add = AgentEndpoint.client(phases, ADD);
            Files.writeString(Path.of("target", "client-metro-reuse.json"), phases.toPrettyString());
            assertEquals(2 * ROUNDS, add.get("requests").asLong(), add.toPrettyString());
            assertEquals(ROUNDS, add.get("outcomes").get("fault").asLong(), "addNumbers(-10, 20) is answered by a fault");
            assertEquals("127.0.0.1:" + sample.server.port(), add.get("peer").asText());
            assertEquals(ROUNDS, AgentEndpoint.client(phases, ONE_WAY).get("requests").asLong());
            for (String phase : new String[] {"marshal", "soap.serialize", "wait", "soap.parse", "unmarshal"}) {
                assertTrue(add.get("phases").has(phase), phase + ": " + add.toPrettyString());
            }
            assertTrue(AgentEndpoint.otherShare(add) <= 0.10, "other's share " + AgentEndpoint.otherShare(add) + ": " + add);
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", SERVICE_BUILT);
            assertEquals(1, built.get("total").asLong(), built.toPrettyString());
        }
        sample.agent.awaitRequests(ADD, 2 * ROUNDS);
        assertEquals(2 * ROUNDS, AgentEndpoint.operation(sample.agent.phases(), ADD).get("requests").asLong(),
                "the server counted the client's calls");
    }

    @Test
    void aServiceBuiltForEveryRoundIsReportedWhereItIsBuilt() {
        try (ForkedClient client = driver("per-call")) {
            AgentEndpoint agent = client.agent();
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", SERVICE_BUILT);
            assertEquals(ROUNDS, built.get("total").asLong(), built.toPrettyString());
            assertEquals(1.0 / 3, built.get("per_call").asDouble(), 0.01, built.toPrettyString());
            assertTrue(built.get("callers").toString().contains("AddNumbersClientDriver.main"), built.toString());
        }
    }

    private static ForkedClient driver(String mode) {
        Path[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new);
        return ForkedClient.main(AddNumbersClientDriver.class.getName())
                .classpath(classpath)
                .agentUnderTest(null)
                .args(mode, String.valueOf(ROUNDS), wsdl)
                .start()
                .await(AddNumbersClientDriver.DONE, Duration.ofSeconds(240));
    }
}
