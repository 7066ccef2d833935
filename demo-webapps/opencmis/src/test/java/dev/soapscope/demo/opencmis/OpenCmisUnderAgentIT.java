package dev.soapscope.demo.opencmis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AccessLogTruth;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ClasspathFile;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache Chemistry OpenCMIS 1.1.0: its InMemory repository WAR as it is on Maven Central (CXF 3.0.12, JAXB 2.2.11, MTOM
 * on every message) on Tomcat 9 under the agent, profiled, and its own client over the CMIS 1.1 Web Services binding
 * ({@link CmisRounds}) in a JVM of its own under the agent. The truth is Tomcat's access log ({@link AccessLogTruth}).
 *
 * <p>Everything is collected once, in {@link #runRounds()}; each test checks one claim against it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenCmisUnderAgentIT {
    /** Rounds at least: the first ones, then the warm-up's light ones, then the measured ones ({@link CmisRounds}). */
    static final int ROUNDS = 70;
    /**
     * The profile of the steady rounds after the warm-up, which go on until it is done (50 rounds took 2-4 s of it: the
     * rest of the profile was idle, and held a few hundred request samples).
     */
    static final int PROFILE_SECONDS = 12;
    /** The first profile, over the light warm-up rounds: what runs only while a profile does is compiled after it. */
    static final int WARM_UP_PROFILE_SECONDS = 20;
    /**
     * The warm-up goes on this long after its profile: stopping a profile sends the methods that inlined a phase switch
     * back to the interpreter (the branch that cuts the profiler's spans is no longer taken), Tomcat's and CXF's among
     * them; without the pause they were still in C1 through the measured profile.
     */
    static final int RECOMPILE_SECONDS = 8;
    static final String SINGLE_BYTE_READ = "stream.single_byte_read";
    /** Tomcat 9 on JDK 17 with JAXB 2.2.11, which defines classes through ClassLoader. */
    static final String[] SERVER_OPENS = {"--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens", "java.base/java.net=ALL-UNNAMED"};
    /** The same for the client, and CXF 3.0's HTTP conduit, which reaches into HttpURLConnection. */
    static final String[] CLIENT_OPENS = {"--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens", "java.base/java.net=ALL-UNNAMED",
        "--add-opens", "java.base/sun.net.www.protocol.http=ALL-UNNAMED"};

    @TempDir
    static Path dir;
    private Path profile;
    /** From the access log: POST requests per SOAPAction, those answered 500 (SOAP faults), and the WSDL GETs. */
    private AccessLogTruth truth;
    private JsonNode serverPhases;
    private JsonNode clientPhases;
    /** What the client printed: content bytes it read back, and the time it spent reading them after the call returned. */
    private long contentBytesRead;
    private long contentReadNanos;
    private long contentCallNanos;
    private long contentCalls;
    private long missingAsked;

    @BeforeAll
    void runRounds() throws Exception {
        Path webapp = Wars.explode(Path.of(System.getProperty("opencmis.war", "target/opencmis-inmemory.war")),
                dir.resolve("webapp"));
        Path accessLog = AccessLogTruth.configure(webapp, dir.resolve("access-log"));
        profile = dir.resolve("steady.jfr");
        Path warmedUp = dir.resolve("warmed-up");
        Path profiled = dir.resolve("profiled");
        // the JDK's own JIT, as a production server has it: the agent's share is judged on compiled code, not on C1's
        ForkedServer.Builder builder = ForkedServer.tomcat9().fullJit().webapp(webapp).jvmArgs(SERVER_OPENS)
                .javaagent(ForkedServer.agentJarUnderTest(), "port=0,profiler.interval.ms=1");
        String extra = System.getProperty("opencmis.serverJvmArgs", "").trim(); // to look into a run: -Xlog:..., -XX:...
        if (!extra.isEmpty()) {
            builder.jvmArgs(extra.split("\\s+"));
        }
        // what a Tomcat installation would have in tomcat/lib: the Java EE APIs JDK 17 no longer has
        classpath("server").forEach(builder::classpath);
        long started = System.nanoTime();
        String clientOutput;
        try (ForkedServer server = builder.start()) {
            AgentEndpoint serverAgent = AgentEndpoint.of(server);
            try (ForkedClient client = ForkedClient.main(CmisRounds.class.getName())
                    .classpath(Path.of("target/test-classes"))
                    .classpath(classpath("client").toArray(Path[]::new))
                    .agentUnderTest(null)
                    .jvmArgs(CLIENT_OPENS)
                    .jvmArgs("-DwarmUpCalls=" + Integer.getInteger("opencmis.warmUpCalls", CmisRounds.WARM_UP_CALLS),
                            "-DwarmUpUntil=" + warmedUp, "-DmeasuredUntil=" + profiled)
                    .args(server.baseUri().toString(), String.valueOf(ROUNDS))
                    .start()) {
                client.await(CmisRounds.WARMING, Duration.ofMinutes(3));
                profile(serverAgent, WARM_UP_PROFILE_SECONDS);
                Thread.sleep(RECOMPILE_SECONDS * 1000L);
                Files.createFile(warmedUp); // the warm-up rounds stop
                client.await(CmisRounds.WARMED, Duration.ofMinutes(3));
                Files.write(profile, profile(serverAgent, PROFILE_SECONDS));
                Files.createFile(profiled); // the measured rounds stop
                client.await(CmisRounds.DONE, Duration.ofMinutes(4));
                AgentEndpoint clientAgent = client.agent();
                clientPhases = clientAgent.phases();
                keep("client-phases", clientPhases);
                keep("client-hotspots", clientAgent.hotspots());
                clientOutput = client.output();
            }
            serverPhases = AccessLogTruth.awaitRequests(serverAgent, accessLog);
            keep("server-phases", serverPhases);
            keep("server-hotspots", serverAgent.hotspots());
        } // the server's stop ends its profile
        truth = AccessLogTruth.read(accessLog);
        contentBytesRead = printed(clientOutput, CmisRounds.READ_BYTES);
        contentReadNanos = printed(clientOutput, CmisRounds.READ_NANOS);
        contentCallNanos = printed(clientOutput, CmisRounds.CALL_NANOS);
        contentCalls = printed(clientOutput, CmisRounds.CONTENT_CALLS);
        missingAsked = printed(clientOutput, CmisRounds.MISSING_ASKED);
        System.err.printf("OpenCMIS: %d rounds in %.1f s; client: %s; %s; %s%n%-22s %6s %6s %6s%n", ROUNDS,
                (System.nanoTime() - started) / 1e9, line(clientOutput, CmisRounds.API_CALLS),
                line(clientOutput, CmisRounds.WARM_UP_DONE), line(clientOutput, CmisRounds.MEASURED), "SOAPAction",
                "truth", "server", "client");
        Map<String, Long> server = AgentEndpoint.requestsPerOperation(serverPhases);
        Map<String, Long> client = AgentEndpoint.callsPerOperation(clientPhases);
        truth.posts.forEach((op, n) -> System.err.printf("%-22s %6d %6s %6s%n", op, n, server.get(op), client.get(op)));
    }

    /**
     * A CPU profile of the server over {@code seconds}, taken with the agent's own route, 1 ms apart, as a user would.
     * The test takes one during the warm-up and measures the second, of the rounds after it: by then the JIT has
     * compiled the hot paths, the agent's Flight Recorder events among them, which are written only while a profile
     * runs (interpreted through a first profile's first seconds, they are a few percent of its request samples).
     */
    private static byte[] profile(AgentEndpoint agent, int seconds) throws Exception {
        HttpResponse<byte[]> jfr = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                agent.uri("/profile?seconds=" + seconds + "&event=cpu")).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, jfr.statusCode(), () -> new String(jfr.body(), StandardCharsets.UTF_8));
        return jfr.body();
    }

    /** a. Per operation, the server's requests and the client's calls are the access log's requests. */
    @Test
    void eachRequestAndCallIsCountedOncePerOperation() {
        truth.assertCounts(serverPhases, clientPhases);
    }

    /** b. The missing objects' SOAP faults: server_error on the server, fault on the client. */
    @Test
    void faultsAreServerErrorsOnTheServerAndFaultsOnTheClient() {
        assertTrue(missingAsked >= ROUNDS / CmisRounds.MISSING_EVERY, "missing objects asked for: " + missingAsked);
        assertEquals(Map.of("getObject", missingAsked), truth.faults,
                "the access log's 500s: one getObject per fifth round, the warm-up's light rounds too");
        truth.assertFaults(serverPhases, clientPhases);
    }

    /**
     * c. Every message carries MIME (MTOM), and CXF's AttachmentDeserializer reads its boundary and part headers a byte
     * at a time on both sides: the server parsing each request, the client each response. Compared over all operations:
     * each round sends one attachment each way (createDocument's request, getContentStream's response), so the MIME
     * read per request and per call should be about the same.
     */
    @Test
    void singleByteReadsPerRequestOnTheServerMatchThosePerCallOnTheClient() {
        Map<String, Double> server = new TreeMap<>();
        long serverReads = 0;
        long requests = 0;
        for (JsonNode op : AgentEndpoint.soapOperations(serverPhases)) {
            double perRequest = op.path("hotspots_per_request").path(SINGLE_BYTE_READ).asDouble();
            server.put(op.get("operation").asText(), perRequest);
            serverReads += Math.round(perRequest * op.get("requests").asLong());
            requests += op.get("requests").asLong();
        }
        Map<String, Double> client = new TreeMap<>();
        long clientReads = 0;
        long calls = 0;
        for (JsonNode call : clientPhases.get("clients")) {
            double perCall = call.path("hotspots_per_request").path(SINGLE_BYTE_READ).asDouble();
            client.put(call.get("operation").asText(), perCall);
            clientReads += Math.round(perCall * call.get("requests").asLong());
            calls += call.get("requests").asLong();
        }
        double perRequest = (double) serverReads / requests;
        double perCall = (double) clientReads / calls;
        String figures = String.format("single-byte reads: server %.1f per request (%d in %d), client %.1f per call"
                + " (%d in %d); per operation: server %s, client %s", perRequest, serverReads, requests, perCall,
                clientReads, calls, server, client);
        System.err.println(figures);
        assertTrue(perCall > 0 && Math.abs(perRequest - perCall) <= 0.10 * perCall, figures);
    }

    /**
     * d. getContentStream on the client: the content it reads back (100 KB to 1 MB per round) is the call's bytes in,
     * and its time is in the call's time. CXF hands the MTOM attachment to the application as a stream and reads it
     * when the application does, after the call has returned. The time check is only a necessary condition: the
     * call's time must at least hold the client's own time reading the stream (not its comparison with what was sent, done afterwards); it
     * also holds the server's time, so it can pass while the download is outside the call. Work the client's agent saw
     * outside any call ({@code background}: the attachment read after the call, when it is not the call's) is printed.
     */
    @Test
    void getContentStreamsDownloadIsInsideTheCall() {
        JsonNode call = clientCall("getContentStream");
        long calls = call.get("requests").asLong();
        long bytesIn = call.get("bytes_in_per_request").asLong() * calls;
        double callMillis = call.get("duration_us").get("mean").asDouble() * calls / 1000;
        double readMillis = contentReadNanos / 1e6;
        JsonNode outside = clientPhases.path("background");
        System.err.printf("getContentStream: %d calls, bytes in %d (%d per call), recorded %.1f ms; the client's"
                + " getContentStream() took %.1f ms, then it read back %d content bytes in %.1f ms; the client's work"
                + " outside calls: %d spans, %.0f us each, phases %s%n", calls, bytesIn, bytesIn / calls, callMillis,
                contentCallNanos / 1e6, contentBytesRead, readMillis, outside.path("spans").asLong(),
                outside.path("duration_us").path("mean").asDouble(), String.join(", ", (Iterable<String>) outside.path("phases")::fieldNames));
        assertAll(
                () -> assertEquals(contentCalls, calls, "getContentStream calls, the warm-up's too"),
                () -> assertTrue(bytesIn >= 0.9 * contentBytesRead, String.format("getContentStream bytes in: %d"
                        + " (%d per call), the content the client read back %d (%.1f%%)", bytesIn, bytesIn / calls,
                        contentBytesRead, 100.0 * bytesIn / contentBytesRead)),
                () -> assertTrue(callMillis >= readMillis, String.format("getContentStream calls' recorded time %.1f ms"
                        + " (%.2f ms per call) vs the client's own time reading the content after the call returned"
                        + " %.1f ms", callMillis, callMillis / calls, readMillis)));
    }

    /** e. The same operation has the same name on both sides. */
    @Test
    void bothSidesNameOperationsAlike() {
        AccessLogTruth.assertSameNames(serverPhases, clientPhases);
    }

    /**
     * f. soapscope's own frames in the server's request threads, once warm (after the warm-up's light rounds of the
     * same calls: what runs once a request is C2's code, as in a server that has run a while; the share of samples with
     * an interpreted or C1 frame on top is printed, to tell a cold application from a warm one): the samples through Tomcat's
     * request processing ({@code CoyoteAdapter.service}) with a {@code dev/soapscope/} frame, as scripts/agent-frames.sh
     * counts them, in two parts: what the agent always does, and what it does only while a profile runs (this one):
     * async-profiler's phase spans at each phase switch ({@code PhaseSpans}, and the not-inlined call in front of them,
     * {@code OpaqueSink}, there only while a sink is) and the Flight Recorder listeners ({@code dev/soapscope/jfr/}). The profile has no Flight Recorder recording beside it ({@code profiler.requests}
     * is off by default): with one, writing a request event each and the agent's clock and allocation reads, slower
     * while it ran, were about 1.5% more of the request samples.
     */
    @Test
    void soapscopesFramesAreAFewPercentOfRequestSamplesOnceWarm() throws Exception {
        Path flame = Path.of("target", "opencmis-flame"); // kept for whoever reads the figures
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                ForkedServer.agentJarUnderTest().toString(), "flame", profile.toString(), "--out", flame.toString())
                .redirectErrorStream(true).start();
        String said = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cli.waitFor(2, TimeUnit.MINUTES), said);
        assertEquals(0, cli.exitValue(), said);
        long requestSamples = 0;
        long always = 0;
        long whileProfiling = 0;
        long coldTop = 0;
        long agentCold = 0;
        boolean phaseTagged = false;
        for (String line : Files.readAllLines(flame.resolve("flame.collapsed"))) {
            phaseTagged |= line.startsWith("[phase:");
            if (line.contains("CoyoteAdapter.service")) {
                long n = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
                requestSamples += n;
                String top = line.substring(line.lastIndexOf(';') + 1, line.lastIndexOf(' '));
                if (top.endsWith("_[0]") || top.endsWith("_[1]")) {
                    coldTop += n;
                }
                if (line.contains("dev/soapscope/jfr/") || line.contains("dev/soapscope/agent/profiler/PhaseSpans")
                        || line.contains("dev/soapscope/recorder/OpaqueSink")) { // the call in front of the spans
                    whileProfiling += n;
                } else if (line.contains("dev/soapscope/")) {
                    always += n;
                }
                if (line.contains("dev/soapscope/") && agentEntryCold(line)) {
                    agentCold += n;
                }
            }
        }
        assertTrue(phaseTagged, "no [phase:...] frame: the agent profiled with Flight Recorder, not async-profiler");
        long requestEvents = 0;
        for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(profile)) {
            requestEvents += e.getEventType().getName().equals("soapscope.Request") ? 1 : 0;
        }
        assertEquals(0, requestEvents, "profiler.requests is off by default: no request events in the profile");
        long samples = requestSamples;
        long agent = always;
        long profiling = whileProfiling;
        String figures = String.format("profile: %d request samples; with a soapscope frame %d (%.1f%%): always %d"
                + " (%.1f%%), only while profiling (phase spans, Flight Recorder events) %d (%.1f%%)", samples,
                agent + profiling, 100.0 * (agent + profiling) / samples, agent, 100.0 * agent / samples, profiling,
                100.0 * profiling / samples);
        System.err.printf("%s; interpreted or C1 on top %.1f%%; of the agent's samples, %d entered it in C1 or"
                + " interpreted code%n", figures, 100.0 * coldTop / samples, agentCold);
        // the measured rounds run through the whole profile: 3,900 request samples with one client (6,000 with two),
        // so one run's share moves about a third of a point from sampling alone (0.7 with the 600-1,100 samples of
        // the rounds that ended early)
        assertTrue(samples >= 2000, () -> "request samples in the profile: " + samples + "\n" + said);
        // issue 42's bound (its goal is 2%): once warm, one client, 3.6-4.6% over eight runs (what the agent always
        // does 3.2-4.2%, profiling 0.3-0.6%; docs/case-study-opencmis.md), so 5% leaves about three times the spread
        // of a run's sampling alone
        assertAll(() -> assertTrue(agent + profiling <= 0.05 * samples, figures),
                () -> assertTrue(profiling <= 0.02 * samples, figures));
    }

    /**
     * Whether a sample's outermost agent frame runs in C1 or the interpreter: the agent's code sent back there (a
     * branch the JIT had dropped turning at a profile's start or stop) costs about twice as much.
     */
    private static boolean agentEntryCold(String line) {
        for (String frame : line.substring(0, line.lastIndexOf(' ')).split(";")) {
            if (frame.contains("dev/soapscope/")) {
                return frame.endsWith("_[0]") || frame.endsWith("_[1]");
            }
        }
        return false;
    }

    private JsonNode clientCall(String name) {
        for (JsonNode call : clientPhases.get("clients")) {
            if (call.get("operation").asText().equals(name)) {
                return call;
            }
        }
        throw new AssertionError("no client call " + name + " in " + clientPhases.get("clients"));
    }

    /** The jars of src/classpaths/NAME, as maven-invoker-plugin's run of its pom listed them. */
    private static List<Path> classpath(String name) {
        return ClasspathFile.jars(Path.of(System.getProperty("opencmis.classpaths", "target/classpaths"), name,
                "target", "classpath.txt"));
    }

    private static String line(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line '" + prefix + "' in the client's output:\n" + output));
    }

    private static long printed(String output, String prefix) {
        return Long.parseLong(line(output, prefix).substring(prefix.length()).trim());
    }

    /** What the agents said, in target/ for whoever reads the figures (not checked). */
    private static void keep(String name, JsonNode document) throws IOException {
        Files.writeString(Path.of("target", "opencmis-" + name + ".json"), document.toPrettyString());
    }
}
