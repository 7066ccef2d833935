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

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro 4.0.5's own async sample: its service (which sleeps 5 s in every call) on Tomcat 11, its client under the
 * agent. Metro sends an asynchronous call on a fiber, on its executor's threads, and hands the answer to the
 * application's Response or handler there: each call is one call from its invocation to that answer (about 5 s, not
 * the few milliseconds its caller's method takes), named by its operation, its exchange in its phases, the time
 * nobody works on it {@code wait}, nothing of it in the background. (The sample's own main makes one call of each
 * kind with 5 s waits and an 8 s sleep: 19 s of the test run for three calls, so the driver makes them instead.)
 */
class MetroAsyncSampleUnderAgentIT {
    /** Calls of each kind (polled, handler) the driver makes at once. */
    private static final int EACH = 20;
    /** The service's own sleep: every call takes at least this. */
    private static final double SERVICE_SLEEP_US = 5_000_000;
    private static final double MAX_OTHER_SHARE = 0.10;

    @TempDir
    static Path webapp;
    private static MetroClientSample sample;

    @BeforeAll
    static void deploy() throws Exception {
        sample = MetroClientSample.deploy("metro-dispatch-async.war", "/jaxws-async", webapp);
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void eachAsynchronousCallLastsUntilItsAnswerIsHandedOver(@TempDir Path tmp) throws Exception {
        Path go = tmp.resolve("go");
        try (ForkedClient client = MetroClientSample.client(MetroAsyncDriver.class.getName(), null)
                .args(String.valueOf(EACH), go.toString()).start()) {
            AgentEndpoint agent = client.agent();
            client.await(MetroAsyncDriver.READY, Duration.ofSeconds(60));
            long ready = agent.phases().path("background").path("spans").asLong(0); // the port built: the application's
            Files.createFile(go);
            client.await(MetroAsyncDriver.DONE, Duration.ofSeconds(120));
            JsonNode phases = agent.phases();
            Files.writeString(Path.of("target", "async-driver-phases.json"), phases.toPrettyString());
            JsonNode call = AgentEndpoint.clientOrNull(phases, MetroClientSample.ADD);
            System.out.println("[metro-async] " + 2 * EACH + " calls at once: " + AgentEndpoint.clientRows(phases)
                    + "; duration " + (call == null ? "-" : call.get("duration_us")) + "; phases "
                    + (call == null ? "-" : call.get("phases")) + "; background " + phases.path("background"));
            assertNotNull(call, () -> AgentEndpoint.clientRows(phases).toString());
            assertAll(
                    () -> assertEquals(2 * EACH, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString()),
                    () -> assertEquals(2 * EACH, call.path("outcomes").path("success").asLong(), call.get("outcomes").toString()),
                    () -> assertEquals(MetroClientSample.PEER, call.get("peer").asText()),
                    () -> assertTrue(call.path("duration_us").path("mean").asDouble() >= SERVICE_SLEEP_US,
                            "a call lasts until its answer, past the service's 5 s: " + call.get("duration_us")),
                    () -> assertTrue(AgentEndpoint.otherShare(call) <= MAX_OTHER_SHARE, "other's share "
                            + AgentEndpoint.otherShare(call) + ": " + call.get("phases")),
                    // the exchange runs on the fiber's thread: the connection's work and the answer's reading are the call's
                    () -> assertEquals(2 * EACH, call.get("phases").path("transport.read").path("requests").asLong(),
                            call.get("phases").toString()),
                    () -> assertEquals(ready, phases.path("background").path("spans").asLong(0), "no call work in the background: "
                            + phases.get("background")));
        }
    }
}
