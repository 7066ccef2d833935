package dev.soapscope.demo.metroclients;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro 4.0.5's own mtom-large sample: its service on Tomcat 11, its client's own main ({@code MtomApp}, unmodified)
 * under the agent. The client uploads 123,456,000 bytes with MTOM; the service validates them and answers a
 * 123,456,001-byte attachment, which the client reads with {@code StreamingDataHandler.readOnce()} after
 * {@code port.upload(...)} returned: mimepull parses the answer only as the application reads it. Those reads, on the
 * caller's thread, are the call's ({@code LateReads}): its one row has the answer's bytes and the reads' time (in
 * {@code attachments}), and none of it is left in the background. The sample makes that one call and exits: the
 * reads must be in the call's row without a next call on the thread.
 */
class MetroMtomLargeSampleUnderAgentIT {
    /** The service's answer: the upload's 123,456,000 bytes and one. */
    private static final long ANSWER_BYTES = 123_456_001L;

    @TempDir
    static Path webapp;
    private static MetroClientSample sample;

    @BeforeAll
    static void deploy() throws Exception {
        sample = MetroClientSample.deploy("metro-dispatch-mtom-large.war", "/jaxws-mtom-large", "/hello", webapp);
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void theAnswersAttachmentReadAfterTheCallIsTheCalls() throws Exception {
        try (ForkedClient client = MetroClientSample.client(MetroMtomLargeDriver.class.getName(), null).start()) {
            AgentEndpoint agent = client.agent();
            client.await(MetroMtomLargeDriver.DONE, Duration.ofSeconds(180));
            JsonNode phases = agent.phases();
            Files.writeString(Path.of("target", "mtom-large-phases.json"), phases.toPrettyString());
            String output = client.output().lines().filter(l -> !l.startsWith("Total so far=")).collect(Collectors.joining("\n"));
            JsonNode call = phases.path("clients").size() == 1 ? phases.get("clients").get(0) : null;
            JsonNode background = phases.path("background");
            System.out.println("[metro-mtom-large] " + output.lines().filter(l -> l.startsWith(MetroMtomLargeDriver.DONE))
                    .findFirst().orElse("") + "; " + AgentEndpoint.clientRows(phases) + "; bytes in "
                    + (call == null ? "-" : call.get("bytes_in_per_request")) + ", out "
                    + (call == null ? "-" : call.get("bytes_out_per_request")) + "; duration "
                    + (call == null ? "-" : call.get("duration_us")) + "; phases "
                    + (call == null ? "-" : call.get("phases")) + "; background " + background);
            assertAll("the sample's own checks",
                    () -> assertTrue(output.contains("SUCCESS: Got: hugehuge"), output),
                    () -> assertTrue(output.contains("SUCCESS: DataHandler is verified"), output),
                    () -> assertFalse(output.contains("FAIL"), output));
            assertNotNull(call, () -> "one client row: " + AgentEndpoint.clientRows(phases));
            JsonNode attachments = call.path("phases").path("attachments");
            assertAll("the call's row",
                    () -> assertEquals(1, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString()),
                    () -> assertEquals("{http://example.org/mtom}upload", call.get("operation").asText()),
                    () -> assertEquals(1, call.path("outcomes").path("success").asLong(), call.get("outcomes").toString()),
                    () -> assertEquals(MetroClientSample.PEER, call.get("peer").asText()),
                    () -> assertTrue(call.get("bytes_in_per_request").asLong() >= ANSWER_BYTES * 9 / 10,
                            "the answer's attachment, read after the call, in its bytes in: " + call.get("bytes_in_per_request")),
                    () -> assertTrue(attachments.path("mean_us").asDouble() > 0,
                            "the reads' time in the call's attachments: " + call.get("phases")),
                    () -> assertTrue(call.path("duration_us").path("mean").asDouble() > attachments.path("mean_us").asDouble(),
                            "the call's time includes its reads: " + call.get("duration_us") + "; " + call.get("phases")));
            assertAll("nothing of the call in the background",
                    () -> assertFalse(background.path("phases").has("attachments"), background::toString),
                    () -> assertTrue(background.path("bytes_in_per_request").asLong() * background.path("spans").asLong()
                            < ANSWER_BYTES / 10, background::toString));
        }
    }
}
