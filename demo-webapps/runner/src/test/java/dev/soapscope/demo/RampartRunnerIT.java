package dev.soapscope.demo;

import static dev.soapscope.demo.BuildOutputs.property;
import static dev.soapscope.demo.BuildOutputs.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code soapscope-demo --scenario rampart} from the packaged jar, scaled down: Axis2 1.7 with Rampart 1.7.1 on
 * Tomcat 9. Axis2 names every request after its dispatch, warm-up and measured alike, so what the report says of the
 * measured requests is the agent's difference across them: with Rampart's crypto caching off the Crypto is loaded
 * several times per request, with it on never after the warm-up; both convert each message OM -> DOOM and back.
 */
class RampartRunnerIT {

    private static final int REQUESTS = 40;

    @Test
    void rampartPairShowsCryptoLoadedPerRequestOnlyWithoutCaching() throws Exception {
        Path out = property("soapscope.demo.itOut").resolveSibling("it-report-rampart");
        BuildOutputs.JarRun run = BuildOutputs.runPackagedJar(out, 180, "--scenario", "rampart",
                "--requests", String.valueOf(REQUESTS), "--concurrency", "2", "--warmup", "20",
                "--agent", property("soapscope.demo.agentJar").toString(),
                "--rampart-war", property("soapscope.demo.rampartWar").toString());
        String printed = run.printed();
        System.out.println(printed);
        assertEquals(0, run.exit(), printed + "\nTomcat 9:\n" + read(out.resolve("server-tomcat9.log")));

        // the explanation line names the loads and the conversions at the code that made them, beside the classic 20%
        assertTrue(printed.contains("crypto-per-request vs crypto-cached: "), printed);
        assertTrue(printed.contains(", crypto.load 0.00 -> 3.00 per request"), printed);
        assertTrue(printed.contains("crypto.load +3.00: org.apache.ws.security.components.crypto.CryptoFactory.getInstance "
                + "+3.00 at RampartUtil.createCrypto(RampartUtil.java:"), printed);
        assertTrue(printed.contains("soap.conversion per message in both: OM -> DOOM (Rampart) 1.00 at "
                + "RampartMessageData.<init>(RampartMessageData.java:"), printed);
        assertTrue(printed.contains("DOOM -> OM (Rampart) 1.00 at RampartEngine.process(RampartEngine.java:"), printed);
        assertTrue(printed.contains("gained about 20%; here crypto-cached gains "), printed);

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertEquals(0, report.path("errors").asInt(), report.toPrettyString());
        List<String> names = new ArrayList<>();
        report.path("scenarios").forEach(s -> names.add(s.path("name").asText()));
        assertEquals(List.of("rampart/crypto-cached", "rampart/crypto-per-request"), names);
        JsonNode cached = report.path("scenarios").get(0);
        JsonNode perRequest = report.path("scenarios").get(1);
        for (JsonNode s : List.of(cached, perRequest)) {
            // the SOAPAction Axis2 dispatches on before Rampart's Security phase; the name its dispatch gives
            assertEquals("urn:getQuote", s.path("soap_action").asText());
            assertEquals(s.path("name").asText().substring("rampart/".length()) + ".getQuote",
                    s.path("agent_operation").asText());
            assertEquals(0, s.path("warmup_errors").asInt(), s.path("name").asText());
            assertEquals(REQUESTS, s.path("agent_requests").asInt(), s.path("name") + ": the measured requests only");
            assertEquals(REQUESTS, s.path("phases").path("security").path("requests").asInt(), s.toPrettyString());
            assertEquals(2.0, s.path("hotspots").path("soap.conversion").asDouble() - otherConversions(s),
                    s.path("hotspot_sites").toString());
        }
        assertFalse(cached.path("hotspots").has("crypto.load"), "none after warm-up: " + cached.path("hotspots"));
        assertTrue(perRequest.path("hotspots").path("crypto.load").asDouble() >= 1, perRequest.path("hotspots").toString());
        assertTrue(perRequest.path("phases").path("security").path("mean_us").asDouble()
                > cached.path("phases").path("security").path("mean_us").asDouble(), "loading crypto is security work");
        assertTrue(report.path("profile").path("dirs").toString().contains("profile-tomcat9"),
                report.path("profile").toString());
    }

    /** soap.conversion per request at sites other than Rampart's OM <-> DOOM (Axiom's parse and serialize). */
    private static double otherConversions(JsonNode scenario) {
        double other = 0;
        for (JsonNode site : scenario.path("hotspot_sites")) {
            if (site.path("kind").asText().equals("soap.conversion") && !site.path("site").asText().contains("DOOM")) {
                other += site.path("per_request").asDouble();
            }
        }
        return other;
    }
}
