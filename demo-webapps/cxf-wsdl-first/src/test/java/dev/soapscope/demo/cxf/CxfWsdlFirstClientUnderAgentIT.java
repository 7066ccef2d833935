package dev.soapscope.demo.cxf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own wsdl_first client classes (CXF 4.2.0, unmodified, from the sample's WAR) calling the sample's service on
 * Tomcat 11, in a client JVM under the agent: every call counted once by operation and outcome (the tester's second
 * call is answered by a SOAP fault), split into phases, and the clients it builds reported at the line that builds
 * them, with a rate per call that tells a Service built for every round from one reused.
 */
class CxfWsdlFirstClientUnderAgentIT {
    private static final String NS = "{http://customerservice.example.com/}";
    private static final String GET = NS + "getCustomersByName";
    private static final String UPDATE = NS + "updateCustomer";
    private static final String SERVICE_BUILT = "JAX-WS Service built (its WSDL read and parsed, unless the stack cached it)";
    /** Each round sleeps 10 s on the server's executor (the sample's one-way updateCustomer): few rounds, on purpose. */
    private static final int ROUNDS = 30;

    @TempDir
    static Path webapp;
    private static Path exploded;
    private static ForkedServer server;
    private static String wsdl;

    @BeforeAll
    static void deploy() throws IOException {
        exploded = Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-wsdl-first.war")), webapp);
        server = ForkedServer.tomcat().webapp(exploded).start();
        wsdl = server.uri("/services/CustomerServicePort?wsdl").toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aReusedPortMakesCallsThatAreCountedAndSplitAndBuildsNothingPerCall() {
        try (ForkedClient client = driver("reuse")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            keep("reuse", phases, agent.hotspots());
            JsonNode get = AgentEndpoint.client(phases, GET);
            assertEquals(2 * ROUNDS, get.get("requests").asLong(), get.toPrettyString());
            assertEquals(ROUNDS, get.get("outcomes").get("success").asLong(), get.toPrettyString());
            assertEquals(ROUNDS, get.get("outcomes").get("fault").asLong(), "the tester's 'None' is answered by a fault");
            assertEquals("127.0.0.1:" + server.port(), get.get("peer").asText());
            assertEquals(ROUNDS, AgentEndpoint.client(phases, UPDATE).get("requests").asLong(), "one-way calls are calls");
            assertEquals(0, phases.get("operations").size(), "a client JVM serves no request: " + phases.get("operations"));
            for (String phase : Set.of("marshal", "soap.serialize", "wait", "soap.parse", "unmarshal", "handlers")) {
                assertNotNull(get.get("phases").get(phase), phase + " missing: " + get.toPrettyString());
            }
            assertTrue(AgentEndpoint.otherShare(get) <= 0.10, "other's share " + AgentEndpoint.otherShare(get) + ": " + get);
            // one Service and one port for the whole run: far below one per call
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", SERVICE_BUILT);
            assertEquals(1, built.get("total").asLong(), built.toPrettyString());
            double perCall = built.get("per_call").asDouble();
            assertTrue(perCall < 0.02, "Service built per call when reused: " + perCall);
            PrometheusText metrics = agent.metrics();
            double counted = 0;
            for (PrometheusText.Sample s : metrics.samples("soapscope_client_call_duration_seconds_count")) {
                counted += s.value();
            }
            assertEquals(3 * ROUNDS, counted, 0.0, "calls summed over /metrics");
        }
    }

    @Test
    void aServiceBuiltForEveryRoundIsReportedAtTheApplicationsLine() {
        try (ForkedClient client = driver("per-call")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            keep("per-call", phases, agent.hotspots());
            assertEquals(2 * ROUNDS, AgentEndpoint.client(phases, GET).get("requests").asLong());
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", SERVICE_BUILT);
            assertEquals(ROUNDS, built.get("total").asLong(), built.toPrettyString());
            // three calls per Service: the tester's round
            assertEquals(1.0 / 3, built.get("per_call").asDouble(), 0.01, built.toPrettyString());
            assertTrue(built.get("callers").toString().contains("SampleClientDriver.main"),
                    "blamed on the line that builds it, past the generated Service's constructors: " + built);
        }
    }

    /**
     * A port built for every round with its own {@code java.net.http} client (CXF 4's default conduit, unshared): new
     * connections each round, opened on the HttpClient's own threads, counted as the calls' {@code connection.new} at
     * the application's line, the wait for them the calls' {@code connect}.
     */
    @Test
    void aConnectionTheHttpClientOpensOnItsThreadsIsTheCallsAtTheApplicationsLine() {
        try (ForkedClient client = driver("per-call-unshared")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            JsonNode hotspots = agent.hotspots();
            keep("per-call-unshared", phases, hotspots);
            JsonNode get = AgentEndpoint.client(phases, GET);
            assertEquals(2 * ROUNDS, get.get("requests").asLong(), get.toPrettyString());
            JsonNode fresh = AgentEndpoint.site(hotspots, "connection.new", "new connection to a peer connected before (no keep-alive)");
            // each round's first call, but the first round's (no call had connected before it); and every round's
            // one-way updateCustomer, which the tester makes after the call answered by a fault: on a new connection too
            assertEquals(2 * ROUNDS - 1, fresh.get("total").asLong(), fresh.toPrettyString());
            assertTrue(fresh.get("callers").toString().contains("CustomerServiceTester.testCustomerService"),
                    "at the sample tester's call: " + fresh);
            assertTrue(get.get("phases").path("connect").path("requests").asLong() >= ROUNDS,
                    "the wait for each round's connection: " + get.get("phases"));
        }
    }

    /** The sample's own main, unmodified: three calls, then System.exit; the run directory keeps the figures. */
    @Test
    void theSamplesOwnClientKeepsItsFiguresAfterItExits(@TempDir Path run) throws Exception {
        ForkedClient client = ForkedClient.main("com.example.customerservice.client.CustomerServiceClient")
                .classpath(exploded.resolve("WEB-INF/classes"), exploded.resolve("WEB-INF/lib"))
                .agentUnderTest("profiler=cpu,profiler.requests=true,profiler.dir=" + run)
                .args(wsdl)
                .start();
        client.await("All calls were successful", Duration.ofSeconds(60));
        client.close();
        JsonNode phases = AgentEndpoint.phasesIn(run, client.output());
        JsonNode get = AgentEndpoint.client(phases, GET);
        assertEquals(2, get.get("requests").asLong(), get.toPrettyString());
        assertEquals(1, get.get("outcomes").get("fault").asLong(), get.toPrettyString());
        assertEquals(1, AgentEndpoint.client(phases, UPDATE).get("requests").asLong());
        // with profiler.requests, async-profiler's recording (jfrsync) has soapscope's events beside its samples: one file
        Map<String, Integer> events = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            for (Path jfr : files.filter(f -> f.toString().endsWith(".jfr")).toList()) {
                for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(jfr)) {
                    events.merge(e.getEventType().getName(), 1, Integer::sum);
                }
            }
        }
        assertEquals(3, events.getOrDefault("soapscope.ClientCall", 0), events.toString());
        assertEquals(0, events.getOrDefault("soapscope.HotSpot", 0), "hot spots are left out of profiles: " + events);
        assertTrue(events.getOrDefault("jdk.ExecutionSample", 0) > 0, "async-profiler's samples: " + events);
    }

    /** What the client's agent said, in target/ for whoever reads the figures (the build's output, not checked). */
    private static void keep(String mode, JsonNode phases, JsonNode hotspots) {
        try {
            Files.writeString(Path.of("target", "client-" + mode + "-phases.json"), phases.toPrettyString());
            Files.writeString(Path.of("target", "client-" + mode + "-hotspots.json"), hotspots.toPrettyString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ForkedClient driver(String mode) {
        ForkedClient client = ForkedClient.main(SampleClientDriver.class.getName())
                .classpath(exploded.resolve("WEB-INF/classes"), exploded.resolve("WEB-INF/lib"),
                        Path.of("target/test-classes"))
                .agentUnderTest(null)
                .args(mode, String.valueOf(ROUNDS), wsdl)
                .start();
        return client.await(SampleClientDriver.DONE, Duration.ofSeconds(240));
    }
}
