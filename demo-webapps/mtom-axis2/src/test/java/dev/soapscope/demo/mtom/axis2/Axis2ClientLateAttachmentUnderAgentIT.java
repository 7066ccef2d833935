package dev.soapscope.demo.mtom.axis2;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.soapscope.demo.mtom.api.Axis2SoapClient;
import dev.soapscope.demo.mtom.api.TupleBatches;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

/**
 * Axis2 1.8's own client ({@link Axis2MtomClientDriver}: the client kit's {@code ServiceClient}) in a JVM of its own
 * under the agent, fetching batches of about 575 KB from the MTOM query service on Tomcat 9, itself under the agent.
 * The batch comes as an XOP attachment, which Axiom parses lazily: the client reads it through the answer's
 * DataHandler after {@code sendReceive} returned. Those reads are the call's: the {@code getNTuples} calls' bytes in
 * are what the server sent, their time holds an {@code attachments} phase, and the client's agent has no background
 * work reading attachments. (Run with {@code -Dsoapscope.test.clientAgentArgs=probes.disabled=axiom-mime} and the
 * bytes are lost: the test fails.)
 */
class Axis2ClientLateAttachmentUnderAgentIT {
    /** 19 batches of 5,000 tuples (575 KB each), then the empty one. */
    private static final int TUPLES = 95_000;
    private static final int FETCH = 5_000;
    private static final int BATCHES = TupleBatches.count(TUPLES, FETCH);
    private static final String SERVICE = "/services/query-mtom";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static JsonNode serverPhases;
    private static JsonNode clientPhases;
    private static long calls;
    private static long payloadBytes;

    @BeforeAll
    static void deployAndFetch() throws Exception {
        long started = System.nanoTime();
        server = ForkedServer.tomcat9()
                .webapp(Wars.explode(Path.of(System.getProperty("mtomAxis2.war", "target/mtom-axis2.war")), webapp))
                .agentUnderTest()
                .start();
        AgentEndpoint serverAgent = AgentEndpoint.of(server);
        Path kit = Path.of(System.getProperty("axis2ClientKit.lib", "../clients/axis2/target/lib"));
        assertTrue(Files.isDirectory(kit), kit + " is missing: the client kit's jars, which its package phase copies"
                + " there (mvn -pl demo-webapps/clients/axis2 -am install -DskipTests)");
        try (ForkedClient client = ForkedClient.main(Axis2MtomClientDriver.class.getName())
                .classpath(Path.of("target/test-classes"), kit)
                .agentUnderTest(null)
                .args(server.uri(SERVICE).toString(), String.valueOf(TUPLES), String.valueOf(FETCH))
                .start()) {
            client.await(Axis2MtomClientDriver.DONE, Duration.ofSeconds(120));
            clientPhases = client.agent().phases();
            calls = printed(client.output(), Axis2MtomClientDriver.CALLS);
            payloadBytes = printed(client.output(), Axis2MtomClientDriver.PAYLOAD_BYTES);
        }
        serverAgent.awaitRequests("query-mtom.getNTuples", BATCHES);
        serverPhases = serverAgent.phases();
        Files.writeString(Path.of("target", "axis2-late-attachment-client-phases.json"), clientPhases.toPrettyString());
        Files.writeString(Path.of("target", "axis2-late-attachment-server-phases.json"), serverPhases.toPrettyString());
        JsonNode call = AgentEndpoint.client(clientPhases, Axis2MtomClientDriver.GET_ACTION);
        System.err.printf("Axis2 client, late MTOM reads: %d getNTuples calls, %d batch bytes read (%d per call);"
                        + " client bytes in per call %d, server bytes out per request %d; client phases %s; %.1f s%n",
                calls, payloadBytes, payloadBytes / Math.max(1, calls), call.get("bytes_in_per_request").asLong(),
                AgentEndpoint.operation(serverPhases, "query-mtom.getNTuples").get("bytes_out_per_request").asLong(),
                call.get("phases"), (System.nanoTime() - started) / 1e9);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static long printed(String output, String label) {
        int at = output.indexOf(label);
        assertTrue(at >= 0, "no '" + label + "' in:\n" + output);
        int end = output.indexOf('\n', at);
        return Long.parseLong(output.substring(at + label.length(), end < 0 ? output.length() : end).trim());
    }

    /** The batches are what the test says they are: XOP attachments of the MTOM service, not inline base64. */
    @Test
    void theBatchesAreXopAttachments() throws Exception {
        Axis2SoapClient raw = new Axis2SoapClient(server.uri(SERVICE));
        String id = raw.query("select * from tuples limit " + FETCH);
        Axis2SoapClient.Answer answer = raw.getNTuples(FETCH, id);
        assertTrue(answer.contentType().startsWith("multipart/related") && answer.contentType().contains("xop+xml"),
                answer.contentType());
        assertNotNull(answer.attachment(), "xop:Include");
        assertEquals(FETCH * TupleCodec.ASCII_TUPLE_BYTES + 1, answer.attachment().length);
    }

    /** Each call is counted once, by its operation, on the client as on the server. */
    @Test
    void eachCallIsCountedOnce() {
        assertEquals(BATCHES, calls, "the driver's getNTuples calls");
        assertEquals(Map.of(Axis2MtomClientDriver.GET_ACTION, (long) BATCHES, Axis2MtomClientDriver.QUERY_ACTION, 1L),
                AgentEndpoint.callsPerOperation(clientPhases), AgentEndpoint.clientRows(clientPhases).toString());
        assertAll(
                () -> assertEquals(1, AgentEndpoint.operation(serverPhases, "query-mtom.query").get("requests")
                        .asLong()),
                () -> assertEquals(BATCHES, AgentEndpoint.operation(serverPhases, "query-mtom.getNTuples")
                        .get("requests").asLong()));
    }

    /**
     * The attachment, read after {@code sendReceive} returned, is the call's bytes in: at least 90% of what the server
     * sent per request (its agent's bytes out: the MIME package) and of the batch bytes the client read.
     */
    @Test
    void theAttachmentReadAfterTheCallIsTheCallsBytesIn() {
        long bytesIn = AgentEndpoint.client(clientPhases, Axis2MtomClientDriver.GET_ACTION).get("bytes_in_per_request")
                .asLong();
        long bytesOut = AgentEndpoint.operation(serverPhases, "query-mtom.getNTuples").get("bytes_out_per_request")
                .asLong();
        long payload = payloadBytes / BATCHES;
        assertTrue(payload > 500_000 * (BATCHES - 1) / BATCHES, "batch bytes per call " + payload);
        assertAll(
                () -> assertTrue(bytesIn >= 0.9 * bytesOut, String.format("getNTuples bytes in per call %d, the"
                        + " server's bytes out per request %d (%.1f%%)", bytesIn, bytesOut,
                        100.0 * bytesIn / bytesOut)),
                () -> assertTrue(bytesIn >= 0.9 * payload, String.format("getNTuples bytes in per call %d, batch bytes"
                        + " read per call %d (%.1f%%)", bytesIn, payload, 100.0 * bytesIn / payload)));
    }

    /**
     * The reads are timed in the call, as its attachments phase (the phases' means still adding up to the call's mean),
     * and none of them is background work.
     */
    @Test
    void theReadsAreTheCallsAttachmentsPhaseNotBackgroundWork() {
        JsonNode call = AgentEndpoint.client(clientPhases, Axis2MtomClientDriver.GET_ACTION);
        JsonNode phases = call.get("phases");
        double mean = call.get("duration_us").get("mean").asDouble();
        double sum = 0;
        for (JsonNode phase : phases) {
            sum += phase.get("mean_us").asDouble();
        }
        double phaseSum = sum;
        JsonNode background = clientPhases.path("background");
        assertAll(
                () -> assertTrue(phases.has("attachments") && phases.get("attachments").get("mean_us").asDouble() > 0,
                        "no attachments phase in getNTuples: " + phases.toPrettyString()),
                () -> assertEquals(mean, phaseSum, 0.01 * mean, "getNTuples' phase means add up to its mean: "
                        + phases.toPrettyString()),
                () -> assertFalse(background.path("phases").has("attachments"),
                        "attachments read outside any call: " + background.toPrettyString()));
    }
}
