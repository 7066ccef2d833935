package dev.soapscope.demo;

import static dev.soapscope.demo.BuildOutputs.property;
import static dev.soapscope.demo.BuildOutputs.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The mtom groups' Tomcat 11 columns, scaled down, against the real agent and the real WARs: the WARs in one Tomcat
 * (payload-caching at "/", mtom at "/mtom", mtom-metro at "/mtom-metro") with real CXF clients (the packaged jar's
 * clean server class path is ClientRunnerIT's to check: it runs the jar against the same mtom WAR).
 * The Axis2 MTOM column and Axis 1.4 run in a Tomcat 9 of their own, with Axis2's and Axis 1.4's own clients (their
 * kits).
 */
class MtomRunnerIT {

    private static final List<String> MTOM = List.of("mtom/base64", "mtom/mtom", "mtom/jaxrs", "mtom/metro",
            "mtom/metro-mtom", "mtom/spring-ws", "mtom-echo/mtom", "mtom-echo/base64", "mtom/axis2-mtom", "mtom/axis1");

    @Test
    void bothWarsInOneServerAndTheMtomScenariosScaledDown() throws Exception {
        Path out = property("soapscope.demo.itOut").resolveSibling("it-report-mtom");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Main.run(BuildOutputs.withTestJvms("--quick", "--scenario", "payload-caching/axiom-streaming,"
                + String.join(",", MTOM),
            "--requests", "30", "--concurrency", "2", "--warmup", "10", "--fetch-sizes", "100,1000", "--tuples", "2000",
            "--echo-sizes", "32K,256K", "--runs", "1",
            "--agent", property("soapscope.demo.agentJar").toString(), "--war", property("soapscope.demo.war").toString(),
            "--mtom-war", property("soapscope.demo.mtomWar").toString(),
            "--mtom-metro-war", property("soapscope.demo.mtomMetroWar").toString(),
            "--mtom-axis1-war", property("soapscope.demo.mtomAxis1War").toString(),
            "--mtom-axis2-war", property("soapscope.demo.mtomAxis2War").toString(),
            "--client-kits", property("soapscope.demo.clientKits").toString(),
            "--mtom-spring-ws-war", property("soapscope.demo.mtomSpringWsWar").toString(), "--no-heap-ladder",
            "--out", out.toString()),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        String printed = stdout.toString(StandardCharsets.UTF_8);
        String errors = stderr.toString(StandardCharsets.UTF_8);
        System.out.println(printed);
        System.err.println(errors);
        assertEquals(0, status, errors + "\nserver log:\n" + read(out.resolve("server.log")));
        assertTrue(printed.contains("fetch size  base64 s  mtom s  jaxrs s  metro s  metro-mtom s  spring-ws s  "
                + "axis2-mtom s  axis1 s  classic base64  classic mtom  classic jaxrs  classic axis1"), printed);
        assertTrue(printed.contains("mtom: wire-size ratio vs base64"), printed);
        assertTrue(printed.contains("  mtom/mtom: "), printed);
        assertTrue(errors.isBlank(), errors);

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        JsonNode scenarios = report.path("scenarios");
        List<String> names = new ArrayList<>();
        scenarios.forEach(s -> names.add(s.path("name").asText()));
        List<String> expected = new ArrayList<>(List.of("payload-caching/axiom-streaming"));
        expected.addAll(MTOM);
        assertEquals(expected, names);
        assertEquals(0, report.path("errors").asInt());
        assertEquals(30, scenarios.get(0).path("agent_requests").asInt(), "payload-caching at / beside mtom");

        for (JsonNode s : scenarios) {
            String name = s.path("name").asText();
            if (!MTOM.contains(name)) {
                continue;
            }
            assertEquals(0, s.path("errors").asInt(), name + ": " + s.path("error_reasons"));
            assertTrue(s.path("requests").asInt() > 0, name);
            assertEquals(s.path("requests").asInt(), s.path("agent_requests").asInt(),
                    name + ": the agent named every request by the scenario's label");
            assertTrue(s.path("heap_peak_bytes").asLong() > 0, name);
            assertTrue(s.path("wire_bytes_per_request").path("response").asDouble() > 0, name);
            double shares = 0;
            for (Map.Entry<String, JsonNode> phase : s.path("phases").properties()) {
                shares += phase.getValue().path("share").asDouble();
            }
            assertEquals(1.0, shares, 0.02, name + ": " + s.path("phases"));
            String key = name.startsWith("mtom-echo/") ? "echo_seconds" : "fetch_seconds";
            List<String> sizes = new ArrayList<>();
            s.path(key).fieldNames().forEachRemaining(sizes::add);
            assertEquals(key.equals("echo_seconds") ? List.of("32768", "262144") : List.of("100", "1000"), sizes, name);
            s.path(key).forEach(v -> assertTrue(v.isNumber() && v.asDouble() > 0, name + ": " + s.path(key)));
            // the client ran in its own JVM under the agent: every call it made, split into its phases
            JsonNode client = s.path("client");
            if (name.equals("mtom/jaxrs")) {
                assertTrue(client.isNull(), name + ": its client is no SOAP stack: " + client);
                continue;
            }
            assertEquals(s.path("requests").asInt(), client.path("calls").asInt(), name + ": " + client);
            assertEquals(0, client.path("errors").asInt(), name);
            assertTrue(client.path("phases").path("wait").path("mean_us").asDouble() > 0, name + ": " + client);
            // JAXB binds the CXF clients' answers, Axis 1.4 its RPC values; Axis2's client reads its AXIOM tree itself
            assertTrue(name.startsWith("mtom/axis2") || client.path("phases").path("unmarshal").path("mean_us")
                    .asDouble() > 0, name + ": " + client);
        }
        // the MTOM client reads each multipart answer's boundaries a byte at a time, as the server reads the request
        assertTrue(scenarios.get(2).path("client").path("hotspots").path("stream.single_byte_read").asDouble() > 10,
                scenarios.get(2).path("client").toString());
        assertTrue(printed.contains("the client side, per call"), printed);
        assertTrue(printed.contains("  mtom/jaxrs: no client figures (a JAX-RS client: no SOAP calls)"), printed);
        // 2000 tuples: at fetch size 100, 20 batches and an empty one, plus the query; at 1000, 2 and 1, plus 1
        assertEquals(22 + 4, scenarios.get(1).path("requests").asInt());
        assertTrue(scenarios.get(2).path("phases").has("attachments"), "MTOM: " + scenarios.get(2).path("phases"));
        for (int mode : new int[] {2, 3}) {
            assertTrue(wire(scenarios.get(mode)) < wire(scenarios.get(1)),
                    names.get(mode) + " puts fewer bytes on the wire than base64");
        }
        // Metro: counted by its WSDL operations, the scenario's share taken between before and after it ran
        assertEquals(22 + 4, scenarios.get(4).path("requests").asInt());
        for (int metro : new int[] {4, 5}) {
            assertEquals("{urn:soapscope:demo:query}query, {urn:soapscope:demo:query}getNTuples",
                    scenarios.get(metro).path("agent_operation").asText());
            assertTrue(scenarios.get(metro).path("server_duration_us").path("p50").isNull(),
                    "one histogram per operation for warm-up and measured requests: " + scenarios.get(metro));
        }
        assertTrue(wire(scenarios.get(5)) < wire(scenarios.get(4)), "Metro: MTOM fewer bytes than base64");
        // Spring-WS and Axis 1.4 (Tomcat 9, so run last): named by the runner's SOAPAction, every request counted
        assertEquals(22 + 4, scenarios.get(6).path("requests").asInt());
        assertEquals(22 + 4, scenarios.get(10).path("requests").asInt());
        // Axis2's own client (the axis2 kit) reads the MTOM answers: its calls split like the others'
        JsonNode axis2 = scenarios.get(9).path("client");
        assertEquals(22 + 4, axis2.path("calls").asInt(), axis2.toString());
        // Axis 1.4's own client (the axis1 kit) opens a new connection for every call, as its HTTPSender does
        JsonNode axis1 = scenarios.get(10).path("client");
        assertEquals(1.0, axis1.path("hotspots").path("connection.new").asDouble(), 0.0, axis1.toString());
        assertTrue(wire(scenarios.get(7)) < wire(scenarios.get(8)), "echo: MTOM fewer bytes than base64");
        assertTrue(report.path("transfer").path("wire_size_ratio").path("mtom/mtom").asDouble() < 1);

        String html = Files.readString(out.resolve("report.html"));
        assertFalse(html.contains("http://") || html.contains("https://"), "report.html is self-contained");
        assertTrue(html.contains("<polyline "));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("## Binary transfer: time against fetch size"), md);
        assertTrue(md.contains("## mtom/jaxrs"), md);
        // base64 against MTOM, in both groups, when both sides had samples (a scaled-down echo is a few requests)
        List<String> diffs = new ArrayList<>();
        report.path("diffs").forEach(d -> diffs.add(d.path("file").asText()));
        List<String> expectedDiffs = new ArrayList<>();
        if (drawn(scenarios.get(1)) && drawn(scenarios.get(2))) {
            expectedDiffs.add("flamegraphs/diff-mtom-base64-vs-mtom.html");
        }
        if (drawn(scenarios.get(8)) && drawn(scenarios.get(7))) {
            expectedDiffs.add("flamegraphs/diff-mtom-echo-base64-vs-mtom.html");
        }
        assertEquals(expectedDiffs, diffs, report.path("profile").toString());
        for (String diff : diffs) {
            assertTrue(Files.isRegularFile(out.resolve(diff)), diff);
            assertTrue(html.contains("<a href=\"" + diff + "\">"), diff);
        }
    }

    /** Whether the scenario got its flame graph page. */
    private static boolean drawn(JsonNode scenario) {
        return scenario.path("flamegraphs").has("flame");
    }

    private static double wire(JsonNode s) {
        return s.path("wire_bytes_per_request").path("request").asDouble()
                + s.path("wire_bytes_per_request").path("response").asDouble();
    }
}
