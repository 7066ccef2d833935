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

    /** {@code agent} with these soap.conversion sites instead of its factory.create one. */
    static AgentFigures withHotspots(AgentFigures a, HotspotSite... sites) {
        double perRequest = 0;
        for (HotspotSite s : sites) {
            perRequest += s.perRequest();
        }
        return new AgentFigures(a.operation(), a.requests(), a.outcomes(), a.durationMeanUs(), a.durationP50Us(),
                a.durationP99Us(), a.allocBytesPerRequest(), a.bytesInPerRequest(), a.bytesOutPerRequest(), a.phases(),
                Map.of("soap.conversion", perRequest), List.of(sites));
    }

    /** A soap.conversion site called from {@code caller} (a method), reached through Axis's SOAPPart. */
    static HotspotSite conversion(String path, double perRequest, String caller) {
        return new HotspotSite("soap.conversion", path, Math.round(100 * perRequest), perRequest, List.of(
                "org.apache.axis.SOAPPart.setCurrentForm(SOAPPart.java:367)", "org.apache.axis.Message.x(Message.java:1)",
                "java.lang.reflect.Method.invoke(Method.java:1)", caller + "(X.java:1)"));
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

    /** A transfer scenario's result: per size its runs' seconds; wire bytes per request in and out. */
    static ScenarioResult transfer(String name, String kind, Map<Integer, List<Double>> runs,
                                   Map<Integer, Double> classic, double bytesIn, double bytesOut, long heapPeak,
                                   AgentFigures agent) {
        TransferFigures t = new TransferFigures(kind, runs, classic,
                new TransferFigures.HeapFigures(40_000_000, heapPeak, 60_000_000, 3), "POST /mtom/" + name);
        return new ScenarioResult(name, "/mtom/x", "a transfer scenario", 1203, 0, Map.of(), 300, 4, 2.5, 9.5, 3.2,
                bytesIn, bytesOut, 1, Double.NaN, 0, agent, t);
    }

    static Map<Integer, List<Double>> runs(Object... sizeAndSeconds) {
        Map<Integer, List<Double>> runs = new LinkedHashMap<>();
        for (int i = 0; i < sizeAndSeconds.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<Double> seconds = (List<Double>) sizeAndSeconds[i + 1];
            runs.put((Integer) sizeAndSeconds[i], seconds);
        }
        return runs;
    }

    static Map<Integer, Double> classic(double f10, double f100, double f1000, double f100000) {
        Map<Integer, Double> c = new LinkedHashMap<>();
        c.put(10, f10);
        c.put(100, f100);
        c.put(1000, f1000);
        c.put(100000, f100000);
        return c;
    }

    /** The mtom groups as a quick run might give them: fetch sizes 100, 1000, 100000; echo 32 KB and 12 MB. */
    static Report mtom() {
        var settings = new dev.soapscope.demo.scenario.TransferSettings(List.of(100, 1000, 100000), 100_000,
                List.of(32 * 1024, 12 * 1024 * 1024), 2, true);
        return new Report(new RunInfo("0.1.0-SNAPSHOT", Instant.parse("2026-11-20T10:00:00Z"), 95.2, 500, 8, 300,
                "17.0.15", "Linux amd64", 2, "[servlet.jakarta, cxf]", settings), List.of(
                transfer("mtom/base64", TransferFigures.FETCH, runs(100, List.of(3.0, 3.2), 1000, List.of(2.0, 2.2),
                        100000, List.of(2.5, 2.7)), classic(11.8, 3.5, 2.3, 2.6), 300, 160_000, 500_000_000,
                        agent("urn:soapscope:demo:mtom/base64", 1203, "soap.parse", 300, 100_000, "marshal", 700,
                                300_000, "transport.write", 400, 1000)),
                transfer("mtom/mtom", TransferFigures.FETCH, runs(100, List.of(2.8, 2.8), 1000, List.of(1.6, 1.8),
                        100000, List.of(), 5000, List.of(9.0, 9.0)), classic(13.0, 3.2, 2.0, 2.0), 500, 120_000,
                        400_000_000, agent("urn:soapscope:demo:mtom/mtom", 1203, "soap.parse", 200, 50_000,
                                "attachments", 300, 100_000, "transport.write", 300, 1000)),
                transfer("mtom/jaxrs", TransferFigures.FETCH, runs(100, List.of(1.0, 1.0), 1000, List.of(0.5, 0.5),
                        100000, List.of(0.4, 0.6)), classic(12.4, 3.0, 1.7, 1.4), 20, 117_000, 300_000_000, null),
                transfer("mtom-echo/mtom", TransferFigures.ECHO, runs(32 * 1024, List.of(0.01, 0.01),
                        12 * 1024 * 1024, List.of(0.5, 0.7)), Map.of(), 6_000_000, 6_000_000, 300_000_000,
                        agent("urn:soapscope:demo:mtom-echo/mtom", 4, "attachments", 50_000, 1_000_000)),
                transfer("mtom-echo/base64", TransferFigures.ECHO, runs(32 * 1024, List.of(0.02, 0.02),
                        12 * 1024 * 1024, List.of(1.2, 1.2)), Map.of(), 8_000_000, 8_000_000, 700_000_000,
                        agent("urn:soapscope:demo:mtom-echo/base64", 4, "transport.read", 80_000, 2_000_000))));
    }

    /** {@link #payloadCaching()} with flame graphs: saaj's missing, the other two drawn and diffed. */
    static Report payloadCachingWithFlames() {
        Report r = payloadCaching();
        Map<String, String> caching = new LinkedHashMap<>();
        caching.put("soap.parse", "flamegraphs/payload-caching-axiom-caching/flame-soap.parse.html");
        caching.put("unmarshal", "flamegraphs/payload-caching-axiom-caching/flame-unmarshal.html");
        Flames flames = new Flames("async-profiler 4.6, cpu samples every 10 ms", null, Map.of(
                "payload-caching/saaj", Flames.ScenarioFlames.missing("no samples were taken while it ran"),
                "payload-caching/axiom-caching", new Flames.ScenarioFlames(
                        "flamegraphs/payload-caching-axiom-caching/flame.html", caching, 1234, null),
                "payload-caching/axiom-streaming", new Flames.ScenarioFlames(
                        "flamegraphs/payload-caching-axiom-streaming/flame.html", Map.of("unmarshal",
                        "flamegraphs/payload-caching-axiom-streaming/flame-unmarshal.html"), 321, null)),
                List.of(new Flames.Diff("payload-caching/axiom-caching", "payload-caching/axiom-streaming",
                        "flamegraphs/diff-payload-caching-axiom-caching-vs-axiom-streaming.html", 100_000)),
                List.of("profile"));
        return new Report(r.run(), r.scenarios(), flames);
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

    /** How many times {@code part} occurs in {@code text}. */
    static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
