package dev.soapscope.demo.cxfjms;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jms_spring_config sample's client under the agent, calling its service over SOAP/JMS through a real broker (the
 * sample's broker and server run without the agent). Each call is synchronous, but its answer is read on the broker
 * client's listener thread ({@code JMSConduit#onMessage} -> {@code ClientImpl#onMessage}: logging, parsing,
 * unmarshalling), while the caller waits in {@code JMSConduit#sendAndReceiveMessage}. Each call is counted once, its
 * fault as a fault, the answer's reading in its phases and the caller's wait as {@code wait} (less the listener's work),
 * nothing of it left as background work: before calls kept their handle in their exchange, 4,020 background spans per
 * 200 calls. (150 calls after 30: faults 1 in 10, so 18 faults.)
 */
class CxfJmsClientUnderAgentIT {
    private static final int WARM_UP = 30;
    private static final int CALLS = 150;
    private static final double MAX_OTHER_SHARE = 0.10;
    /** Background spans per measured call, at most: a stray one per 50 calls. */
    private static final double MAX_BACKGROUND_SPANS_PER_CALL = 0.02;

    private static JmsSample sample;

    @BeforeAll
    static void start() throws Exception {
        sample = JmsSample.start(false, "cxf-jms client IT");
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void eachCallIsCountedOnceWithItsAnswerReadOnTheListenersThread(@TempDir Path tmp) throws Exception {
        long made = WARM_UP + CALLS;
        long faults = made / JmsSample.FAULT_EVERY;
        Path go = tmp.resolve("go");
        ForkedClient client = ForkedClient.main(JmsClientDriver.class.getName())
                .classpath(sample.classes, testClasses(), sample.lib)
                .agentUnderTest(null)
                .args(String.valueOf(WARM_UP), String.valueOf(CALLS), go.toString())
                .start();
        try {
            AgentEndpoint agent = client.agent();
            client.await(JmsClientDriver.WARM, Duration.ofSeconds(120));
            JsonNode warm = agent.phases();
            Files.createFile(go);
            client.await(JmsClientDriver.DONE + ": " + made + " calls, " + faults + " faults", Duration.ofSeconds(180));
            JsonNode done = agent.phases();
            Files.writeString(Path.of("target", "jms-client-phases.json"), done.toPrettyString());
            JsonNode call = AgentEndpoint.clientOrNull(done, JmsSample.GET);
            long grown = backgroundSpans(done) - backgroundSpans(warm);
            double other = call == null ? 1 : AgentEndpoint.otherShareSince(AgentEndpoint.clientOrNull(warm, JmsSample.GET), call);
            JmsSample.progress("cxf-jms client IT", "made " + made + " (" + faults + " faults); counted "
                    + AgentEndpoint.clientRows(done) + String.format("; other after the warm-up %.4f", other)
                    + "; phases " + (call == null ? "-" : call.get("phases")) + "; background spans "
                    + backgroundSpans(warm) + " after the warm-up, " + backgroundSpans(done) + " after the measured calls");

            assertNotNull(call, () -> "no " + JmsSample.GET + ": " + AgentEndpoint.clientRows(done));
            assertAll(
                    () -> assertEquals(made, AgentEndpoint.callsCounted(done), AgentEndpoint.clientRows(done).toString()),
                    () -> assertEquals(faults, call.path("outcomes").path("fault").asLong(), "outcomes " + call.get("outcomes")),
                    () -> assertEquals(made - faults, call.path("outcomes").path("success").asLong(), "outcomes " + call.get("outcomes")),
                    () -> assertTrue(other <= MAX_OTHER_SHARE, "other's share after the warm-up " + other + ": " + call.get("phases")),
                    // read on the listener's thread, parsed in the call: every answer, a fault's too
                    () -> assertEquals(made, call.get("phases").path("soap.parse").path("requests").asLong(), call.toString()),
                    () -> assertEquals(made, call.get("phases").path("wait").path("requests").asLong(), call.toString()),
                    // the conduit's one JMS connection, opened in the first call and kept
                    () -> assertEquals(1, call.get("phases").path("connect").path("requests").asLong(), call.toString()),
                    () -> assertTrue(grown <= MAX_BACKGROUND_SPANS_PER_CALL * CALLS, grown + " background spans over "
                            + CALLS + " calls: " + done.get("background")),
                    () -> assertEquals(0, done.path("operations").size(), "a client serves nothing: " + done.get("operations")));
        } finally {
            client.close();
        }
    }

    /** The sample's own client main, unmodified: a call, a fault, a one-way call; the run directory keeps /phases. */
    @Test
    void theSamplesOwnClientMainCountsItsThreeCalls(@TempDir Path run) throws Exception {
        ForkedClient client = ForkedClient.main("com.example.customerservice.client.CustomerServiceSpringClient")
                .classpath(sample.classes, sample.lib)
                .agentUnderTest("profiler=cpu,profiler.dir=" + run)
                .start();
        client.await("All calls were successful", Duration.ofSeconds(120));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (client.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(client.isAlive(), "the sample's client ends by itself");
        client.close();
        JsonNode phases = AgentEndpoint.phasesIn(run, client.output());
        JmsSample.progress("cxf-jms client IT", "the sample's client main: " + AgentEndpoint.clientRows(phases));
        JsonNode get = AgentEndpoint.clientOrNull(phases, JmsSample.GET);
        JsonNode update = AgentEndpoint.clientOrNull(phases, JmsSample.UPDATE);
        assertAll(
                () -> assertEquals(3, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString()),
                () -> assertEquals(1, get.path("outcomes").path("fault").asLong(), AgentEndpoint.clientRows(phases).toString()),
                () -> assertEquals(1, update.get("requests").asLong(), AgentEndpoint.clientRows(phases).toString()));
    }

    private static long backgroundSpans(JsonNode phases) {
        return phases.path("background").path("spans").asLong(0);
    }

    private static Path testClasses() throws Exception {
        return Path.of(JmsClientDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
