package dev.soapscope.demo.quarkuscxf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Quarkus CXF user guide's first service (its HelloService, application.properties and the one quarkus-cxf
 * dependency, built in JVM mode) run as the guide's packaging runs it, {@code java -jar
 * target/quarkus-app/quarkus-run.jar}, with the agent under test, and called the guide's way: a POST of the envelope
 * the guide's curl sends to {@code /soap/hello} ({@code Content-Type: text/xml;charset=UTF-8}, no SOAPAction).
 * Quarkus CXF serves on Vert.x, without a servlet container: no {@code HttpServlet#service} on the request's path.
 * A plain JUnit test (no {@code @QuarkusTest}): the application runs in its own JVM.
 */
class QuarkusCxfUnderAgentIT {
    /** The WSDL's {@code tns} and operation, as the guide's {@code ?wsdl} shows them. */
    private static final String OPERATION = "{http://server.it.cxf.quarkiverse.io/}hello";
    private static final String PATH = "/soap/hello";
    /** The guide's request, as its curl sends it. */
    private static final String ENVELOPE = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n"
            + "        <soap:Body><ns2:hello xmlns:ns2=\"http://server.it.cxf.quarkiverse.io/\"><arg0>World</arg0></ns2:hello></soap:Body>\n"
            + "       </soap:Envelope>";
    private static final String CONTENT_TYPE = "text/xml;charset=UTF-8";
    private static final int WARM_UP = 200;
    private static final int MEASURED = 300;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private static Process app;
    private static final StringBuilder output = new StringBuilder();
    private static List<String> command;
    private static int port;
    private static AgentEndpoint agent;
    /** /phases before the first request, after the warm-up, after a pause without requests, after all requests. */
    private static JsonNode started;
    private static JsonNode warm;
    private static JsonNode idle;
    private static JsonNode done;
    private static long idleMillis;

    @BeforeAll
    static void startAndSend() throws IOException, InterruptedException {
        Path appDir = Path.of(System.getProperty("quarkus.app.dir", "target/quarkus-app"));
        Path runJar = appDir.resolve("quarkus-run.jar");
        assertTrue(Files.isRegularFile(runJar), runJar + " is missing: mvn package builds it");
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // a copy: the agent's build may replace its jar while the application runs, and a JVM whose agent jar is
        // rewritten under it fails to load the agent's classes later (NoClassDefFoundError in its warnings)
        Path agentJar = appDir.resolveSibling("soapscope-agent-under-test.jar");
        Files.copy(ForkedServer.agentJarUnderTest(), agentJar, StandardCopyOption.REPLACE_EXISTING);
        command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-javaagent:" + agentJar.toAbsolutePath() + "=port=0",
                "-Dquarkus.http.host=127.0.0.1",
                "-Dquarkus.http.port=" + port,
                "-jar", runJar.toAbsolutePath().toString()));
        command.addAll(1, dev.soapscope.testkit.TestJvms.options());
        app = new ProcessBuilder(command).directory(appDir.toFile()).redirectErrorStream(true).start();
        Thread reader = new Thread(QuarkusCxfUnderAgentIT::drain, "quarkus-app-output");
        reader.setDaemon(true);
        reader.start();

        await("Listening on: http://127.0.0.1:" + port, START_TIMEOUT);
        agent = AgentEndpoint.in(output()).orElseThrow(() -> new AssertionError("no agent start line in:\n" + output()));

        started = agent.phases();
        hello(WARM_UP);
        agent.awaitRequests(OPERATION, WARM_UP); // recorded as the request ends, maybe just after the answer
        warm = agent.phases();
        long idleFrom = System.nanoTime();
        Thread.sleep(2_000);
        idle = agent.phases();
        idleMillis = (System.nanoTime() - idleFrom) / 1_000_000;
        hello(MEASURED);
        agent.awaitRequests(OPERATION, WARM_UP + MEASURED);
        done = agent.phases();
        System.out.println("[QuarkusCxfUnderAgentIT] /phases after the warm-up:\n" + warm.toPrettyString()
                + "\n[QuarkusCxfUnderAgentIT] after " + idleMillis + " ms without requests, background: "
                + idle.path("background") + "\n[QuarkusCxfUnderAgentIT] /phases after all requests:\n"
                + done.toPrettyString());
    }

    @AfterAll
    static void stop() throws InterruptedException, IOException {
        if (app != null) {
            app.destroy(); // SIGTERM: Quarkus shuts down gracefully
            if (!app.waitFor(15, TimeUnit.SECONDS)) {
                app.destroyForcibly();
                app.waitFor(10, TimeUnit.SECONDS);
            }
            Path log = Path.of(System.getProperty("quarkus.app.dir", "target/quarkus-app")).resolveSibling(
                    "quarkus-cxf-under-agent.log");
            Files.writeString(log, String.join(" ", command) + "\n" + output());
            System.out.println("[QuarkusCxfUnderAgentIT] the application's output: " + log.toAbsolutePath());
        }
    }

    /** Quarkus started with the agent, which started without a warning, and every answer was the guide's. */
    @Test
    void theApplicationRunsUnderTheAgentWithoutWarnings() {
        String out = output();
        assertTrue(out.contains("started: endpoint"), out);
        assertTrue(out.lines().anyMatch(l -> l.contains("Installed features: [") && l.contains("cxf")), out);
        for (String line : out.split("\\R")) {
            assertFalse(line.contains("[soapscope] WARN") || line.contains("[soapscope] ERROR"), line + "\n" + out);
        }
    }

    @Test
    void everyRequestIsCountedOnceUnderItsWsdlOperation() {
        JsonNode op = AgentEndpoint.operation(done, OPERATION);
        assertEquals(WARM_UP + MEASURED, op.get("requests").asLong(), done.toPrettyString());
        for (JsonNode o : done.get("operations")) {
            assertEquals(OPERATION, o.get("operation").asText(), "no request named otherwise: " + done.toPrettyString());
        }
    }

    /** Over the requests after the warm-up. */
    @Test
    void atLeastNinetyPercentOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(
                AgentEndpoint.operation(warm, OPERATION), AgentEndpoint.operation(done, OPERATION));
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double other = spent.getOrDefault("other", 0.0) / total;
        System.out.println("[QuarkusCxfUnderAgentIT] other's share after the warm-up: " + other + " of " + spent);
        assertTrue(other <= 0.10, "other's share " + other + " of " + spent);
        assertTrue(AgentEndpoint.otherShare(AgentEndpoint.operation(done, OPERATION)) <= 0.10, done.toPrettyString());
    }

    /**
     * No request work is left outside the requests: the background spans (work outside any request) may grow while
     * requests run by far less than one per request. Measured here: without a request entry for this transport, 23
     * per request (6,900 over the 300 requests: every CXF phase of every request in background); with the
     * {@code server-entries.cxf-http} probe, 0 before the first request, 0 after the warm-up, 0 in 2 s idle and 0
     * after the 300 requests. The bound, one per 30 requests (10), is 690 times below the first and leaves room for
     * a few stray spans outside requests (timers, lazy initialisation).
     */
    @Test
    void noRequestWorkIsLeftInBackground() {
        long grew = backgroundSpans(done) - backgroundSpans(warm);
        long idleGrew = backgroundSpans(idle) - backgroundSpans(warm);
        System.out.println("[QuarkusCxfUnderAgentIT] background spans: before the first request "
                + backgroundSpans(started) + ", after " + WARM_UP + " requests " + backgroundSpans(warm)
                + ", after " + idleMillis + " ms idle " + backgroundSpans(idle) + ", after " + MEASURED
                + " more requests " + backgroundSpans(done));
        assertTrue(grew <= MEASURED / 30, grew + " background spans over " + MEASURED + " requests (idle: "
                + idleGrew + " in " + idleMillis + " ms): " + done.path("background").toPrettyString());
    }

    private static long backgroundSpans(JsonNode phases) {
        return phases.path("background").path("spans").asLong(0);
    }

    /** The guide's curl request, {@code n} times, each answer checked. */
    private static void hello(int n) {
        URI uri = URI.create("http://127.0.0.1:" + port + PATH);
        for (int i = 0; i < n; i++) {
            Http.Response r = Http.post(uri, ENVELOPE, CONTENT_TYPE, Map.of());
            assertEquals(200, r.status(), r::toString);
            assertTrue(r.body().contains("<return>Hello World!</return>"), r::toString);
        }
    }

    private static void drain() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(app.getInputStream(), Charset.defaultCharset()))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (output) {
                    if (output.length() < 8 * 1024 * 1024) {
                        output.append(line).append('\n');
                    }
                    output.notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (output) {
                output.append("[reading the application's output failed: ").append(e).append("]\n");
            }
        } finally {
            synchronized (output) {
                output.append("[the application's output ended]\n");
                output.notifyAll();
            }
        }
    }

    private static String output() {
        synchronized (output) {
            return output.toString();
        }
    }

    private static void await(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (output) {
            while (output.indexOf(text) < 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || output.indexOf("[the application's output ended]") >= 0) {
                    throw new AssertionError("the application did not print '" + text + "' within " + timeout
                            + "\ncommand: " + String.join(" ", command) + "\noutput:\n" + output);
                }
                output.wait(Math.max(1, left / 1_000_000));
            }
        }
    }
}
