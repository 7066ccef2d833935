package dev.soapscope.demo;

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

    private static Path property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && !value.isBlank() && !value.contains("${"), name + " is not set: run through Maven");
        return Path.of(value);
    }

    @Test
    void quickRunOfThePayloadCachingScenarios() throws Exception {
        Path agent = property("soapscope.demo.agentJar");
        Path war = property("soapscope.demo.war");
        Path out = property("soapscope.demo.itOut");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"--quick", "--requests", String.valueOf(REQUESTS), "--concurrency", "4",
            "--warmup", "20", "--scenario", "payload-caching", "--agent", agent.toString(), "--war", war.toString(),
            "--out", out.toString()},
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
