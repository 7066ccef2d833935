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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code --scenario logging,validation}, scaled down: the payload-caching WAR's Spring-WS dispatchers on a forked
 * Tomcat 11 under the agent. Whole-message logging (SoapEnvelopeLoggingInterceptor, its logger at DEBUG or INFO
 * through Logback) and schema validation (PayloadValidatingInterceptor, on or off): each phase is there, in every
 * request, in the half that does the work and not in the other, and the explanation lines say so in figures.
 */
class LoggingValidationPairsIT {

    private static final int REQUESTS = 40;

    @Test
    void loggingAndValidationShowInTheHalfThatDoesTheWork() throws Exception {
        Path out = property("soapscope.demo.itOut").resolveSibling("it-report-pairs");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Main.run(BuildOutputs.withTestJvms("--scenario", "logging,validation",
            "--requests", String.valueOf(REQUESTS),
            "--concurrency", "2", "--warmup", "20", "--agent", property("soapscope.demo.agentJar").toString(),
            "--war", property("soapscope.demo.war").toString(), "--out", out.toString()),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        String printed = stdout.toString(StandardCharsets.UTF_8);
        System.out.println(printed);
        assertEquals(0, status, stderr.toString(StandardCharsets.UTF_8) + "\nserver log:\n" + read(out.resolve("server.log")));

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode s : report.path("scenarios")) {
            String name = s.path("name").asText();
            byName.put(name, s);
            assertEquals(0, s.path("errors").asInt(), name + ": " + s.path("error_reasons"));
            assertEquals(REQUESTS, s.path("agent_requests").asInt(), name + ": every request counted");
        }
        assertEquals(List.of("logging/info", "logging/debug", "validation/off", "validation/on").stream().sorted().toList(),
                byName.keySet().stream().sorted().toList());

        JsonNode debug = byName.get("logging/debug");
        JsonNode info = byName.get("logging/info");
        inEveryRequestAndSubstantial(debug, "logging");
        assertTrue(negligible(info, debug, "logging"), "no logging at INFO: " + info.path("phases"));
        // the request and the response envelope, each serialized whole for the log, at the interceptor
        assertEquals(2.0, debug.path("hotspots").path("message.logged").asDouble(), debug.path("hotspot_sites").toString());
        assertFalse(info.path("hotspots").has("message.logged"), info.path("hotspots").toString());

        JsonNode on = byName.get("validation/on");
        JsonNode off = byName.get("validation/off");
        inEveryRequestAndSubstantial(on, "validation");
        assertTrue(negligible(off, on, "validation"), "nothing validated when off: " + off.path("phases"));

        // the explanation lines state both halves' figures of the phase the pair is there to show
        String us = "[0-9.]+ (us|ms)";
        assertTrue(Pattern.compile("debug vs info: .*; info -> debug: logging " + us + " -> " + us + " per request, "
                + "message\\.logged 0\\.00 -> 2\\.00 per request; ").matcher(printed).find(), printed);
        assertTrue(Pattern.compile("on vs off: .*; off -> on: validation " + us + " -> " + us + " per request; ")
                .matcher(printed).find(), printed);
        String explained = report.path("explanation").toString();
        assertTrue(explained.contains("info -> debug: logging ") && explained.contains("off -> on: validation "),
                explained);

        // each pair's differential flame graph, the costly half against the lean one
        for (String diff : List.of("diff-logging-debug-vs-info.html", "diff-validation-on-vs-off.html")) {
            assertTrue(report.path("diffs").toString().contains("flamegraphs/" + diff), report.path("diffs").toString());
            assertTrue(Files.isRegularFile(out.resolve("flamegraphs").resolve(diff)), diff);
        }
    }

    /** Entered by every measured request, at least 5% of the request time. */
    private static void inEveryRequestAndSubstantial(JsonNode scenario, String phase) {
        JsonNode p = scenario.path("phases").path(phase);
        String name = scenario.path("name").asText();
        assertEquals(REQUESTS, p.path("requests").asInt(), name + " " + phase + ": " + scenario.path("phases"));
        assertTrue(p.path("share").asDouble() >= 0.05, name + " " + phase + ": " + scenario.path("phases"));
    }

    /** Absent, or under 2% of what the other half spends in it per request. */
    private static boolean negligible(JsonNode scenario, JsonNode other, String phase) {
        JsonNode p = scenario.path("phases").path(phase);
        return p.isMissingNode() || p.path("mean_us").asDouble() < 0.02 * other.path("phases").path(phase)
                .path("mean_us").asDouble();
    }
}
