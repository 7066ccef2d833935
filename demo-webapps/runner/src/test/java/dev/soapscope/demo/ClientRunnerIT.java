package dev.soapscope.demo;

import static dev.soapscope.demo.BuildOutputs.property;
import static dev.soapscope.demo.BuildOutputs.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The client group as a user runs it, {@code java -jar soapscope-demo.jar --scenario client --quick}: each scenario's
 * client in its own JVM under the real agent (CXF and SAAJ from the runner jar, Metro, Spring-WS and Axis2 from their
 * client kits), calling the mtom WAR's CXF service in Tomcat 11 under the agent too. Every report carries each
 * scenario's client object; a client built for every call is counted once per call at the code that built it, and a
 * reused one not at all. Each client JVM is profiled into a run directory of its own: its flame graph splits by the
 * client's phases, and {@code compare} gates its calls as it gates requests served.
 */
class ClientRunnerIT {

    private static final List<String> STACKS = List.of("cxf", "metro", "spring-ws", "axis2", "saaj");
    /**
     * What each stack's client scenario builds per call, at which caller: the code that builds the client, or, for a
     * client built in a constructor (a template in SpringWsQueryCaller's, a ServiceClient in Axis2QueryCaller's, as a
     * generated stub does), the code that builds that object for every call.
     */
    private static final Map<String, List<String>> BUILT = Map.of(
            "cxf", List.of("JAX-WS Service built", "JAX-WS port built"),
            "metro", List.of("JAX-WS Service built", "JAX-WS port built"),
            "spring-ws", List.of("Spring-WS WebServiceTemplate built"),
            "axis2", List.of("Axis2 ServiceClient built"),
            "saaj", List.of("SAAJ SOAPConnection built"));
    private static final Map<String, String> CALLER = Map.of("cxf", "JaxWsQueryCaller.<init>(",
            "metro", "JaxWsQueryCaller.<init>(", "spring-ws", "ClientStack.open(", "axis2", "ClientStack.open(",
            "saaj", "SaajQueryCaller.<init>(");

    private static BuildOutputs.JarRun run;
    private static Path out;
    private static JsonNode scenarios;

    @BeforeAll
    static void runTheClientGroup() throws Exception {
        out = property("soapscope.demo.itOut").resolveSibling("it-report-clients");
        run = BuildOutputs.runPackagedJar(out, 900, BuildOutputs.withTestJvms("--scenario", "client", "--quick",
                "--agent", property("soapscope.demo.agentJar").toString(),
                "--mtom-war", property("soapscope.demo.mtomWar").toString(),
                "--client-kits", property("soapscope.demo.clientKits").toString()));
        System.out.println(run.printed());
        assertEquals(0, run.exit(), run.printed() + "\nserver log:\n" + read(out.resolve("server.log")));
        scenarios = new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("scenarios");
    }

    @Test
    void everyClientScenarioRanWithoutErrorsAndHasItsClientObject() {
        assertFalse(run.printed().contains("soapscope-demo:"), run.printed());
        List<String> names = new ArrayList<>();
        scenarios.forEach(s -> names.add(s.path("name").asText()));
        List<String> expected = new ArrayList<>();
        STACKS.forEach(stack -> expected.addAll(List.of("client/" + stack + "-reuse", "client/" + stack + "-per-call")));
        assertEquals(expected, names);
        for (JsonNode s : scenarios) {
            String name = s.path("name").asText();
            JsonNode client = s.path("client");
            assertEquals(200, client.path("calls").asInt(), name + ": every call counted once: " + client);
            assertEquals(0, client.path("errors").asInt(), name);
            assertEquals(s.path("requests").asInt(), s.path("agent_requests").asInt(), name + ": the server's count");
            assertTrue(client.path("duration_us").path("mean").asDouble() > 0, name);
            double shares = 0;
            for (Map.Entry<String, JsonNode> phase : client.path("phases").properties()) {
                shares += phase.getValue().path("share").asDouble();
            }
            assertEquals(1.0, shares, 0.02, name + ": the call's phases add up to it: " + client.path("phases"));
            assertTrue(client.path("phases").path("wait").path("share").asDouble() > 0.05,
                    name + ": the client waits for the server: " + client.path("phases"));
            assertTrue(client.path("phases").path("soap.parse").path("mean_us").asDouble() > 0,
                    name + ": the answer is parsed on the client: " + client.path("phases"));
        }
    }

    /** The packaged jar, as a user runs it: its forked server's class path is the nested server jar alone. */
    @Test
    void thePackagedJarsServerRunsTheMtomWarWithACleanClassPath() throws Exception {
        String serverCommand = Files.readAllLines(out.resolve("server.log")).get(0);
        String classPath = serverCommand.split(" -cp ")[1].split(" ")[0];
        assertTrue(classPath.matches(".*soapscope-demo-server[^/\\\\]*\\.jar"), "one nested server jar: " + classPath);
        // the server was profiled by the packaged jar's own async-profiler (the clients' pages are checked below)
        assertTrue(new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("profile").path("profiler")
                .asText().startsWith("async-profiler"), run.printed());
    }

    @Test
    void aClientBuiltPerCallIsCountedOncePerCallAtItsBuilderAndAReusedOneNever() {
        for (String stack : STACKS) {
            JsonNode perCall = scenario("client/" + stack + "-per-call").path("client");
            JsonNode reuse = scenario("client/" + stack + "-reuse").path("client");
            for (String built : BUILT.get(stack)) {
                JsonNode site = site(perCall, built);
                assertEquals(1.0, site.path("per_call").asDouble(), 0.0, stack + ": " + site);
                assertTrue(site.path("caller").asText().contains(CALLER.get(stack)), stack + ": " + site);
                assertTrue(site(reuse, built) == null, stack + " reused: nothing built per call: " + reuse);
            }
        }
        // Axis2 1.8 builds an HttpClient (over its shared pool) for every call, reused ServiceClient or not
        assertEquals(1.0, site(scenario("client/axis2-reuse").path("client"), "Apache HttpClient built")
                .path("per_call").asDouble(), 0.0);
    }

    @Test
    void theReportsExplainWhatBuildingPerCallAdds() throws Exception {
        for (String stack : STACKS) {
            assertTrue(run.printed().contains("  " + stack + "-per-call vs " + stack + "-reuse: client.create "),
                    stack + ": " + run.printed());
        }
        assertTrue(run.printed().contains("the client side, per call"), run.printed());
        assertTrue(Files.readString(out.resolve("report.md")).contains("## The client side, per call"));
        assertTrue(Files.readString(out.resolve("report.html")).contains("The client side, per call"));
    }

    @Test
    void eachClientsProfileSplitsByItsPhasesAndCompareGatesItsCalls() throws Exception {
        for (String stack : STACKS) {
            JsonNode pages = scenario("client/" + stack + "-per-call").path("client").path("flamegraphs");
            assertTrue(pages.has("flame"), stack + ": " + pages);
            assertTrue(Files.isRegularFile(out.resolve(pages.path("flame").asText())), pages.toString());
            // a phase of a few hundred microseconds gets ~5 samples (10 ms apart) in either scenario's 200 calls, so
            // one scenario alone can draw none: the two scenarios' profiles together, each split on its own
            List<String> phases = new ArrayList<>();
            pages.path("phases").fieldNames().forEachRemaining(phases::add);
            scenario("client/" + stack + "-reuse").path("client").path("flamegraphs").path("phases").fieldNames()
                    .forEachRemaining(phases::add);
            assertTrue(phases.contains("soap.parse") || phases.contains("marshal") || phases.contains("unmarshal"),
                    stack + ": the client's work in its own phases: " + phases);
        }
        // the gate a CI job would run: the client that builds its client for every call allocates more per call
        Path agent = property("soapscope.demo.agentJar");
        Process compare = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", agent.toString(), "compare", out.resolve("profile-client-client-cxf-reuse").toString(),
                out.resolve("profile-client-client-cxf-per-call").toString(), "--signals", "alloc")
                .redirectErrorStream(true).start();
        String verdicts = new String(compare.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, compare.waitFor(), "a regression: " + verdicts);
        assertTrue(verdicts.contains("| call {urn:soapscope:demo:query}query |"), verdicts);
        assertTrue(verdicts.contains("regressed"), verdicts);
    }

    private static JsonNode scenario(String name) {
        for (JsonNode s : scenarios) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scenario " + name);
    }

    /** The client's site whose description starts with {@code built}, or null. */
    private static JsonNode site(JsonNode client, String built) {
        for (JsonNode site : client.path("hotspot_sites")) {
            if (site.path("kind").asText().equals("client.create") && site.path("site").asText().startsWith(built)) {
                return site;
            }
        }
        return null;
    }
}
