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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro 4.0.5's own dispatch sample: its service on Tomcat 11, its client's Dispatch calls under the agent (a
 * {@code Source} payload, a JAXB payload and a {@code SOAPMessage}; synchronous, polled and with a handler). Each call
 * is counted once, named by the operation its payload invokes as the server names it, its HTTP exchange in it whatever
 * thread ran it (an asynchronous call's fiber), with at least 85% of its time in named phases. The sample builds a
 * Dispatch for every call, and builds its requests outside them: that is the application's work, in the background,
 * but no exchange with the service is.
 */
class MetroDispatchSampleUnderAgentIT {
    private static final int WARM_UP_ROUNDS = 5;
    private static final int ROUNDS = 20;
    /**
     * Its polled calls start a thread each, inside the call and in no phase: Metro's engine makes an executor per
     * Dispatch, the sample a Dispatch per call, and {@code Thread.start} waits for the new thread to run, which on two
     * cores busy with the server and the sample's spinning {@code isDone()} loop takes milliseconds (a CPU profile's
     * {@code other} shows {@code ThreadPoolExecutor.addWorker} under {@code Engine.addRunnable}). Measured: 0.04-0.06 for
     * the synchronous calls alone, 0.10 for the polled ones, 0.076-0.10 for all six kinds (CI).
     */
    private static final double MAX_OTHER_SHARE = 0.15;
    /** Phases only a call's exchange has: none of them may be background work. */
    private static final List<String> EXCHANGE = List.of("connect", "transport.write", "wait", "transport.read");

    @TempDir
    static Path webapp;
    private static MetroClientSample sample;

    @BeforeAll
    static void deploy() throws Exception {
        sample = MetroClientSample.deploy("metro-dispatch.war", "/jaxws-dispatch", webapp);
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void everyDispatchCallIsCountedOnceUnderItsOperation(@TempDir Path tmp) throws Exception {
        long made = (long) (WARM_UP_ROUNDS + ROUNDS) * MetroDispatchDriver.CALLS_PER_ROUND;
        Path go = tmp.resolve("go");
        try (ForkedClient client = MetroClientSample.client(MetroDispatchDriver.class.getName(), null)
                .args(String.valueOf(WARM_UP_ROUNDS), String.valueOf(ROUNDS), go.toString()).start()) {
            AgentEndpoint agent = client.agent();
            client.await(MetroDispatchDriver.WARM, Duration.ofSeconds(120));
            JsonNode warm = agent.phases();
            Files.createFile(go);
            client.await(MetroDispatchDriver.DONE, Duration.ofSeconds(120));
            JsonNode phases = agent.phases();
            Files.writeString(Path.of("target", "dispatch-driver-phases.json"), phases.toPrettyString());
            JsonNode call = AgentEndpoint.clientOrNull(phases, MetroClientSample.ADD);
            double other = call == null ? 1 : AgentEndpoint.otherShareSince(AgentEndpoint.clientOrNull(warm, MetroClientSample.ADD), call);
            System.out.println("[metro-dispatch] made " + made + "; counted " + AgentEndpoint.clientRows(phases)
                    + String.format("; other after the warm-up %.4f", other) + "; phases "
                    + (call == null ? "-" : call.get("phases")) + "; background " + phases.path("background"));
            assertNotNull(call, () -> AgentEndpoint.clientRows(phases).toString());
            JsonNode background = phases.path("background").path("phases");
            assertAll(
                    () -> assertEquals(made, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString()),
                    () -> assertEquals(made, call.path("outcomes").path("success").asLong(), call.get("outcomes").toString()),
                    () -> assertEquals(MetroClientSample.PEER, call.get("peer").asText()),
                    () -> assertTrue(other <= MAX_OTHER_SHARE, "other's share after the warm-up " + other + ": " + call.get("phases")),
                    () -> assertEquals(made, call.get("phases").path("transport.read").path("requests").asLong(),
                            "every call's exchange in it, the polled ones' on their fibers: " + call.get("phases")),
                    () -> {
                        for (String phase : EXCHANGE) {
                            assertFalse(background.has(phase), "an exchange outside a call: " + phases.get("background"));
                        }
                    });
        }
    }

    /** The sample's own client main, unmodified: its nine calls, three of each kind. */
    @Test
    void theSamplesOwnClientMainCountsItsNineCalls(@TempDir Path run) throws Exception {
        ForkedClient client = MetroClientSample.client("dispatch.client.AddNumbersClient", "profiler=cpu,profiler.dir=" + run).start();
        client.await("Invoking async callback message", Duration.ofSeconds(60));
        MetroClientSample.awaitExit(client, Duration.ofSeconds(30));
        assertFalse(client.isAlive(), "the sample's client ends by itself:\n" + client.output());
        client.close();
        JsonNode phases = AgentEndpoint.phasesIn(run, client.output());
        System.out.println("[metro-dispatch] the sample's client main: " + AgentEndpoint.clientRows(phases));
        JsonNode call = AgentEndpoint.clientOrNull(phases, MetroClientSample.ADD);
        assertNotNull(call, () -> AgentEndpoint.clientRows(phases).toString());
        assertAll(
                () -> assertEquals(9, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString()),
                () -> assertEquals(9, call.path("outcomes").path("success").asLong(), call.get("outcomes").toString()));
    }
}
