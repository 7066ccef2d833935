package dev.soapscope.demo.report;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;

/** Hand-made results: no server, no agent. */
final class Fixtures {

    private Fixtures() {
    }

    /** phases: tag, mean us, alloc bytes, ... (shares computed from the means). */
    static AgentFigures agent(String operation, long requests, Object... phases) {
        Map<String, PhaseFigures> map = new LinkedHashMap<>();
        double total = 0;
        for (int i = 0; i < phases.length; i += 3) {
            total += ((Number) phases[i + 1]).doubleValue();
        }
        long alloc = 0;
        for (int i = 0; i < phases.length; i += 3) {
            double mean = ((Number) phases[i + 1]).doubleValue();
            long bytes = ((Number) phases[i + 2]).longValue();
            alloc += bytes;
            map.put((String) phases[i], new PhaseFigures(mean, mean * 0.9, mean * 3, mean / total, bytes, requests));
        }
        return new AgentFigures(operation, requests, Map.of("ok", requests), total, total * 0.9, total * 3, alloc, 70_000,
                400, map, Map.of("factory.create", 2.0),
                List.of(new HotspotSite("factory.create", "javax.xml.parsers.DocumentBuilderFactory#newInstance", 2 * requests,
                        2.0, List.of("a.B.c(B.java:1)"))));
    }

    static ScenarioResult result(String name, double rps, double classic, int errors, AgentFigures agent) {
        return new ScenarioResult(name, "/" + name.substring(name.indexOf('/') + 1) + "/orders", "a scenario", 2000, errors,
                errors == 0 ? Map.of() : Map.of("HTTP 500", errors), rps, 2000 / rps, 12.5, 40.25, 14.0, 69_632, 380, 16,
                classic, 0, agent);
    }

    static Report report(ScenarioResult... results) {
        return new Report(new RunInfo("0.1.0-SNAPSHOT", Instant.parse("2026-11-20T10:00:00Z"), 95.2, 2000, 16, 300,
                "17.0.15", "Linux amd64", 2, "[servlet.jakarta, saaj]"), List.of(results));
    }

    /** saaj, axiom-caching, axiom-streaming as a run might give them. */
    static Report payloadCaching() {
        return report(
                result("payload-caching/saaj", 400, 34.35, 0, agent("urn:soapscope:demo:payload-caching/saaj", 2000,
                        "transport.read", 100, 70_000, "soap.parse", 900, 2_000_000, "unmarshal", 700, 600_000,
                        "invoke", 50, 10_000, "marshal", 40, 20_000, "soap.serialize", 60, 30_000, "other", 150, 40_000)),
                result("payload-caching/axiom-caching", 360, 31.02, 0, agent("urn:soapscope:demo:payload-caching/axiom-caching",
                        2000, "transport.read", 100, 70_000, "soap.parse", 1100, 2_300_000, "unmarshal", 750, 640_000,
                        "invoke", 50, 10_000, "marshal", 40, 20_000, "soap.serialize", 60, 30_000, "other", 150, 40_000)),
                result("payload-caching/axiom-streaming", 1240, 182.22, 0, agent(
                        "urn:soapscope:demo:payload-caching/axiom-streaming", 2000, "transport.read", 150, 70_000,
                        "soap.parse", 20, 30_000, "unmarshal", 288, 300_000, "invoke", 50, 10_000, "marshal", 40, 20_000,
                        "soap.serialize", 60, 30_000, "other", 100, 40_000)));
    }
}
