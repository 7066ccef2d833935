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
 * {@code soapscope-demo --scenario axis1,ws-security} from the packaged jar, scaled down: Tomcat 11 for the CXF
 * WS-Security demo, then Tomcat 9 (from the jars nested in the runner) for Axis 1.4. What the issue asks it to show:
 * the extra conversions the logging handler causes and the crypto loaded per request, each at its call site.
 */
class LegacyStacksRunnerIT {

    private static final int REQUESTS = 40;

    @Test
    void axis1AndWsSecurityShowTheirExtraWorkAtItsCallSite() throws Exception {
        Path out = property("soapscope.demo.itOut").resolveSibling("it-report-legacy");
        BuildOutputs.JarRun run = BuildOutputs.runPackagedJar(out, 240, "--scenario", "axis1,ws-security",
                "--requests", String.valueOf(REQUESTS), "--concurrency", "2", "--warmup", "20",
                "--agent", property("soapscope.demo.agentJar").toString(),
                "--ws-security-war", property("soapscope.demo.wsSecurityWar").toString(),
                "--axis1-war", property("soapscope.demo.axis1War").toString());
        String printed = run.printed();
        System.out.println(printed);
        assertEquals(0, run.exit(), printed + "\nTomcat 11:\n" + read(out.resolve("server.log"))
                + "\nTomcat 9:\n" + read(out.resolve("server-tomcat9.log")));

        // the explanation lines, as printed
        assertTrue(printed.contains("crypto-per-request vs crypto-cached: "), printed);
        assertTrue(printed.contains("crypto.load +1.00: org.apache.wss4j.common.crypto.CryptoFactory.getInstance +1.00 "
                + "at CryptoPerRequestInInterceptor.loadSignatureVerificationCrypto("), printed);
        assertTrue(printed.contains("soap.conversion +2.00: envelope -> string (Axis SOAPPart) +2.00 at "
                + "MessageLoggingHandler.invoke(MessageLoggingHandler.java:"), printed);
        assertTrue(printed.contains("string -> envelope (Axis SOAPPart) +1.00 at MustUnderstandChecker.invoke("), printed);
        assertTrue(printed.contains("axis1/plain runs at concurrency 1, not 2"), printed);

        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertEquals(0, report.path("errors").asInt(), report.toPrettyString());
        List<String> names = new ArrayList<>();
        report.path("scenarios").forEach(s -> names.add(s.path("name").asText()));
        assertEquals(List.of("ws-security/crypto-cached", "ws-security/crypto-per-request", "axis1/plain",
                "axis1/logging-handler"), names);
        JsonNode cached = report.path("scenarios").get(0);
        JsonNode perRequest = report.path("scenarios").get(1);
        JsonNode plain = report.path("scenarios").get(2);
        JsonNode logging = report.path("scenarios").get(3);
        for (JsonNode s : report.path("scenarios")) {
            assertEquals(REQUESTS, s.path("agent_requests").asInt(), s.path("name") + ": every request counted");
        }
        // crypto: loaded once in warm-up when cached, once per request (counted once, at CryptoFactory) when not
        assertFalse(cached.path("hotspots").has("crypto.load"), cached.path("hotspots").toString());
        assertEquals(1.0, perRequest.path("hotspots").path("crypto.load").asDouble(), perRequest.path("hotspots").toString());
        assertTrue(perRequest.path("phases").path("security").path("mean_us").asDouble()
                > cached.path("phases").path("security").path("mean_us").asDouble(), "loading crypto is security work");
        // Axis: two conversions a message without the handler, four with it; one connection at concurrency 1
        assertEquals(2.0, plain.path("hotspots").path("soap.conversion").asDouble(), plain.path("hotspot_sites").toString());
        assertEquals(4.0, logging.path("hotspots").path("soap.conversion").asDouble(),
                logging.path("hotspot_sites").toString());
        assertEquals(1, plain.path("connections").asInt());
        for (JsonNode s : List.of(plain, logging)) {
            for (String phase : List.of("soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize")) {
                assertTrue(s.path("phases").has(phase), s.path("name") + " has " + phase + ": " + s.path("phases"));
            }
        }
        assertTrue(report.path("profile").path("dirs").toString().contains("profile-tomcat9"),
                report.path("profile").toString());
    }
}
