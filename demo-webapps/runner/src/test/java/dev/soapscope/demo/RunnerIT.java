package dev.soapscope.demo;

import static dev.soapscope.demo.BuildOutputs.property;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The runner's main logic, scaled down: the real agent jar and the real demo WAR in a forked Tomcat, three scenarios,
 * then what report.json says.
 */
class RunnerIT {

    private static final int REQUESTS = 60;

    @Test
    void quickRunOfThePayloadCachingScenarios() throws Exception {
        Path agent = property("soapscope.demo.agentJar");
        Path war = property("soapscope.demo.war");
        Path out = property("soapscope.demo.itOut");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Main.run(BuildOutputs.withTestJvms("--quick", "--requests", String.valueOf(REQUESTS),
            "--concurrency", "4",
            "--warmup", "20", "--scenario", "payload-caching", "--agent", agent.toString(), "--war", war.toString(),
            "--out", out.toString()),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        String printed = stdout.toString(StandardCharsets.UTF_8);
        String errors = stderr.toString(StandardCharsets.UTF_8);
        System.out.println(printed);
        System.err.println(errors);
        assertEquals(0, status, errors + "\nserver log:\n" + serverLog(out));
        assertTrue(printed.contains("vs first (classic)"), printed);
        assertTrue(printed.contains("axiom-streaming vs saaj: "), printed);

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        JsonNode scenarios = report.path("scenarios");
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-caching", "payload-caching/axiom-streaming"),
                names(scenarios));
        for (JsonNode s : scenarios) {
            String name = s.path("name").asText();
            assertEquals(REQUESTS, s.path("requests").asInt(), name);
            assertEquals(0, s.path("errors").asInt(), name + ": " + s.path("error_reasons"));
            assertEquals(REQUESTS, s.path("agent_requests").asInt(), name + ": the agent counted its own operation");
            assertTrue(s.path("throughput_rps").asDouble() > 0, name);
            assertTrue(s.path("latency_ms").path("p99").asDouble() >= s.path("latency_ms").path("p50").asDouble(), name);
            assertTrue(s.path("classic_rps").asDouble() > 0, name);
            assertTrue(s.path("wire_bytes_per_request").path("request").asDouble() > 60_000, name);
            assertTrue(s.path("wire_bytes_per_request").path("response").asDouble() > 100, name);
            double shares = 0;
            for (Map.Entry<String, JsonNode> phase : s.path("phases").properties()) {
                shares += phase.getValue().path("share").asDouble();
            }
            assertEquals(1.0, shares, 0.02, name + ": " + s.path("phases"));
            assertTrue(s.path("phases").has("soap.parse") || s.path("phases").has("unmarshal"), name + ": " + s.path("phases"));
        }
        assertEquals(3, report.path("explanation").size());

        String html = Files.readString(out.resolve("report.html"));
        assertFalse(html.contains("http://") || html.contains("https://"), "report.html is self-contained");
        assertTrue(Files.readString(out.resolve("report.md")).contains("## payload-caching/axiom-streaming"));

        flameGraphs(out, report, html, printed);
    }

    /**
     * The server ran under async-profiler: each scenario's flame graphs from its own window, the differential graph of
     * axiom-caching against axiom-streaming, all linked from the reports.
     */
    private static void flameGraphs(Path out, JsonNode report, String html, String printed) throws Exception {
        assertTrue(report.path("profile").path("profiler").asText().startsWith("async-profiler"), report.path("profile")
                + "\nserver log:\n" + serverLog(out));
        assertTrue(report.path("profile").path("flamegraphs_missing").isNull(), report.path("profile").toString());
        assertTrue(html.contains("The server ran under async-profiler"), "the report says the run was profiled");
        for (JsonNode s : report.path("scenarios")) {
            String name = s.path("name").asText();
            String slug = name.replace('/', '-');
            JsonNode flames = s.path("flamegraphs");
            assertEquals("flamegraphs/" + slug + "/flame.html", flames.path("flame").asText(), name + ": " + flames);
            Path page = out.resolve(flames.path("flame").asText());
            assertTrue(Files.isRegularFile(page), page.toString());
            assertTrue(Files.readString(page).contains("soapscope: " + name + " by phase ("), name);
            assertTrue(Files.readString(page).contains("/*soapscope: phase colours*/"), name + ": opens on the phases");
            assertTrue(flames.path("samples").asLong() > 0, name);
            assertTrue(flames.path("phases").size() > 0, name + ": " + flames);
            for (Map.Entry<String, JsonNode> phase : flames.path("phases").properties()) {
                assertEquals("flamegraphs/" + slug + "/flame-" + phase.getKey() + ".html", phase.getValue().asText());
                assertTrue(Files.isRegularFile(out.resolve(phase.getValue().asText())), phase.getValue().asText());
                assertTrue(html.contains("<a href=\"" + phase.getValue().asText() + "\">" + phase.getKey() + "</a>"),
                        name + " links " + phase.getKey());
            }
            assertTrue(html.contains("<a href=\"flamegraphs/" + slug + "/flame.html\">all phases</a>"), name);
        }
        String diff = "flamegraphs/diff-payload-caching-axiom-caching-vs-axiom-streaming.html";
        assertEquals(1, report.path("diffs").size(), report.path("diffs").toString());
        assertEquals(diff, report.path("diffs").get(0).path("file").asText());
        assertTrue(Files.readString(out.resolve(diff)).contains("soapscope diff: payload-caching/axiom-caching ("
                + REQUESTS + " requests) vs payload-caching/axiom-streaming (" + REQUESTS + " requests)"));
        assertTrue(html.contains("<a href=\"" + diff + "\">payload-caching: axiom-caching against axiom-streaming</a>"),
                "report.html links the diff");
        assertTrue(html.contains("<nav class=\"toc\">") && html.contains("<h2 id=\"scenario-payload-caching-saaj\">"),
                "report.html has its contents and anchors");
        assertTrue(Files.readString(out.resolve("report.md")).contains("](" + diff + ")"));
        assertTrue(Files.isRegularFile(out.resolve("profile").resolve("phases.json")), "the agent's run document");
        assertTrue(printed.contains("flame graphs of 3 scenarios and 1 differential in "), printed);
    }

    private static List<String> names(JsonNode scenarios) {
        return java.util.stream.StreamSupport.stream(scenarios.spliterator(), false)
                .map(s -> s.path("name").asText()).toList();
    }

    private static String serverLog(Path out) {
        try {
            return Files.readString(out.resolve("server.log"));
        } catch (Exception e) {
            return "(no server.log: " + e + ")";
        }
    }
}
