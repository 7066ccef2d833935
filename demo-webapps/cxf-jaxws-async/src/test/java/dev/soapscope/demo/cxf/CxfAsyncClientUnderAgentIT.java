package dev.soapscope.demo.cxf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own jaxws_async client, unmodified, under the agent, calling the sample's service (its WAR on Tomcat 11, without
 * the agent): {@code greetMeSometimeAsync} with an {@code AsyncHandler} and with a polled {@code Response}. CXF sends
 * each request on the caller's thread and reads the answer on other threads (the service's executor, its HTTP
 * transport's), so each call is counted once when its answer is handed to the application, named by its operation,
 * with the answer's reading in its phases and nothing of it left as background work.
 */
class CxfAsyncClientUnderAgentIT {
    private static final String OPERATION = "{http://apache.org/hello_world_async_soap_http}greetMeSometime";
    private static final String PATH = "/services/SoapContext/SoapPort";
    private static final int WARM_UP_ROUNDS = 20;
    private static final int ROUNDS = 40;
    private static final double MAX_OTHER_SHARE = 0.10;
    /** Background spans per measured call, at most: a stray one per 50 calls (the driver itself does no SOAP work). */
    private static final double MAX_BACKGROUND_SPANS_PER_CALL = 0.02;

    @TempDir
    static Path webapp;
    private static ForkedServer server;

    @BeforeAll
    static void deploy() throws IOException {
        server = ForkedServer.tomcat()
                .webapp(Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-jaxws-async.war")), webapp))
                .start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eachAsynchronousCallIsOneCallEndingWithItsAnswer(@TempDir Path tmp) throws Exception {
        long made = 2L * (WARM_UP_ROUNDS + ROUNDS);
        long measured = 2L * ROUNDS;
        Path go = tmp.resolve("go");
        ForkedClient client = sampleClient(AsyncClientDriver.class.getName(), true)
                .agentUnderTest(null)
                .args(wsdl(), String.valueOf(WARM_UP_ROUNDS), String.valueOf(ROUNDS), go.toString())
                .start();
        try {
            AgentEndpoint agent = client.agent();
            client.await(AsyncClientDriver.WARM, Duration.ofSeconds(120));
            JsonNode warm = agent.phases();
            Files.createFile(go);
            client.await(AsyncClientDriver.DONE + ": " + made + " calls", Duration.ofSeconds(180));
            JsonNode done = agent.phases();
            Files.writeString(Path.of("target", "async-client-phases.json"), done.toPrettyString());
            JsonNode call = AgentEndpoint.clientOrNull(done, OPERATION);
            long grown = backgroundSpans(done) - backgroundSpans(warm);
            System.out.println("[cxf-jaxws-async client] made " + made + "; counted " + AgentEndpoint.clientRows(done)
                    + "; other after the warm-up " + (call == null ? "-" : String.format("%.4f",
                    AgentEndpoint.otherShareSince(AgentEndpoint.clientOrNull(warm, OPERATION), call)))
                    + "; phases " + (call == null ? "-" : call.get("phases")) + "; background spans " + backgroundSpans(warm)
                    + " after the warm-up, " + backgroundSpans(done) + " after the measured calls");

            assertNotNull(call, () -> "no " + OPERATION + ": " + AgentEndpoint.clientRows(done));
            assertAll(
                    () -> assertEquals(made, AgentEndpoint.callsCounted(done), "calls counted vs made: "
                            + AgentEndpoint.clientRows(done)),
                    () -> assertEquals(made, call.get("requests").asLong(), AgentEndpoint.clientRows(done).toString()),
                    () -> assertEquals(made, call.path("outcomes").path("success").asLong(), "outcomes " + call.get("outcomes")),
                    () -> assertEquals(server.uri(PATH).getHost() + ":" + server.port(), call.get("peer").asText()),
                    () -> {
                        double other = AgentEndpoint.otherShareSince(AgentEndpoint.clientOrNull(warm, OPERATION), call);
                        assertTrue(other <= MAX_OTHER_SHARE, "other's share after the warm-up " + other + ": " + call.get("phases"));
                    },
                    // the answer is read on other threads than the caller's: its parsing and unmarshalling are the call's
                    () -> assertEquals(made, call.get("phases").path("unmarshal").path("requests").asLong(),
                            "every call's answer unmarshalled in it: " + call.get("phases")),
                    () -> assertTrue(grown <= MAX_BACKGROUND_SPANS_PER_CALL * measured, grown + " background spans over "
                            + measured + " calls: " + done.get("background")),
                    () -> assertEquals(0, done.path("operations").size(), "a client serves nothing: " + done.get("operations")));
        } finally {
            client.close();
        }
    }

    /**
     * The sample's port calling an address that takes its requests and never answers, with a 300 ms receive timeout:
     * every call, synchronous, with a handler or polled, is counted as a timeout when CXF gives up on its answer, still
     * named by its operation, with its time in {@code wait}.
     */
    @Test
    void aCallNotAnsweredInTimeIsCountedAsATimeout() throws Exception {
        int rounds = 5;
        int made = 3 * rounds;
        try (SilentServer silent = new SilentServer()) {
            ForkedClient client = sampleClient(TimeoutDriver.class.getName(), true)
                    .agentUnderTest(null)
                    .args(wsdl(), "http://127.0.0.1:" + silent.port() + PATH, String.valueOf(rounds), "300")
                    .start();
            try {
                client.await(TimeoutDriver.DONE + ": " + made + " of " + made, Duration.ofSeconds(120));
                JsonNode done = client.agent().phases();
                System.out.println("[cxf-jaxws-async client] timeouts: " + AgentEndpoint.clientRows(done));
                JsonNode call = AgentEndpoint.clientOrNull(done, OPERATION);
                assertNotNull(call, () -> "no " + OPERATION + ": " + AgentEndpoint.clientRows(done));
                assertAll(
                        () -> assertEquals(made, AgentEndpoint.callsCounted(done), AgentEndpoint.clientRows(done).toString()),
                        () -> assertEquals(made, call.path("outcomes").path("timeout").asLong(), "outcomes " + call.get("outcomes")),
                        () -> assertEquals("127.0.0.1:" + silent.port(), call.get("peer").asText()),
                        () -> assertTrue(call.get("phases").path("wait").path("mean_us").asDouble() >= 0.9 * 300_000,
                                "each call waited its 300 ms: " + call.get("phases")));
            } finally {
                client.close();
            }
        }
    }

    /** The sample's own Client main, unmodified: its two calls, then System.exit; the run directory keeps /phases. */
    @Test
    void theSamplesOwnClientMainCountsItsTwoCalls(@TempDir Path run) throws Exception {
        ForkedClient client = sampleClient("demo.hw.client.Client", false)
                .agentUnderTest("profiler=cpu,profiler.dir=" + run)
                .args(wsdl())
                .start();
        client.await("Server responded through polling with", Duration.ofSeconds(120));
        client.close();
        assertFalse(client.isAlive(), "the sample's client ends by itself");
        JsonNode phases = AgentEndpoint.phasesIn(run, client.output());
        System.out.println("[cxf-jaxws-async client] the sample's Client main: " + AgentEndpoint.clientRows(phases));
        JsonNode call = AgentEndpoint.clientOrNull(phases, OPERATION);
        assertNotNull(call, () -> AgentEndpoint.clientRows(phases).toString());
        assertEquals(2, call.get("requests").asLong(), AgentEndpoint.clientRows(phases).toString());
        assertEquals(2, AgentEndpoint.callsCounted(phases), AgentEndpoint.clientRows(phases).toString());
    }

    /** The WSDL as the service publishes it: its address is the service's on this Tomcat. */
    private static String wsdl() {
        return server.uri(PATH + "?wsdl").toString();
    }

    private static long backgroundSpans(JsonNode phases) {
        return phases.path("background").path("spans").asLong(0);
    }

    /** The sample's classes (and with {@code driver} our test classes), then its run-time jars. */
    private static ForkedClient.Builder sampleClient(String mainClass, boolean driver) throws Exception {
        ForkedClient.Builder client = ForkedClient.main(mainClass)
                .classpath(Path.of(System.getProperty("cxf.sample.classes", "target/classes")));
        if (driver) {
            client.classpath(Path.of(AsyncClientDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        }
        return client.classpathFile(Path.of(System.getProperty("cxf.sample.classpath", "target/classpath.txt")));
    }

    /** Takes connections and reads what they send, never answering: a service that hangs. */
    private static final class SilentServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> taken = new CopyOnWriteArrayList<>();

        SilentServer() throws IOException {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        Socket s = socket.accept();
                        taken.add(s);
                        Thread reader = new Thread(() -> {
                            try (InputStream in = s.getInputStream()) {
                                in.transferTo(OutputStream.nullOutputStream());
                            } catch (IOException closed) {
                                // the client gave up, or we closed it
                            }
                        }, "silent-server-read");
                        reader.setDaemon(true);
                        reader.start();
                    }
                } catch (IOException closed) {
                    // close() ends the accepting
                }
            }, "silent-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : taken) {
                s.close();
            }
        }
    }
}
