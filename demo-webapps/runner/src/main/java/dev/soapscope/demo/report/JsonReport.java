package dev.soapscope.demo.report;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;

/**
 * {@code report.json}, for CI. The contract (keys that stay):
 *
 * <pre>
 * {"scenarios":[{"name":"payload-caching/saaj","requests":2000,"errors":0,"throughput_rps":..,
 *   "latency_ms":{"p50":..,"p99":..},"phases":{"soap.parse":{"mean_us":..,"share":..},...},
 *   "alloc_bytes_per_request":..,"hotspots":{"factory.create":per request,...},
 *   "wire_bytes_per_request":{"request":..,"response":..},"classic_rps":34.35}]}
 * </pre>
 *
 * plus more (settings, server-side durations, phase percentiles and allocation, call sites, error reasons, ratios,
 * the explanation).
 */
public final class JsonReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    public static String render(Report report) {
        ObjectNode root = MAPPER.createObjectNode();
        RunInfo run = report.run();
        root.put("tool", "soapscope-demo").put("version", run.version()).put("started", run.started().toString())
                .put("wall_seconds", round(run.wallSeconds(), 1));
        root.putObject("settings").put("requests", run.requests()).put("concurrency", run.concurrency())
                .put("warmup", run.warmup());
        root.putObject("machine").put("java", run.javaVersion()).put("os", run.os()).put("cores", run.cores());
        root.put("agent_probes", run.agentProbes());
        ArrayNode scenarios = root.putArray("scenarios");
        List<String> explanation = report.explanation();
        for (int i = 0; i < report.scenarios().size(); i++) {
            scenario(scenarios.addObject(), report, report.scenarios().get(i), explanation.get(i));
        }
        ArrayNode lines = root.putArray("explanation");
        explanation.forEach(lines::add);
        root.put("errors", report.totalErrors());
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write report.json", e);
        }
    }

    private static void scenario(ObjectNode o, Report report, ScenarioResult s, String explanation) {
        o.put("name", s.name()).put("group", s.group()).put("path", s.path())
                .put("soap_action", "urn:soapscope:demo:" + s.name())
                .put("requests", s.requests()).put("errors", s.errors())
                .put("throughput_rps", round(s.throughputRps(), 2)).put("wall_seconds", round(s.wallSeconds(), 3));
        o.putObject("latency_ms").put("p50", round(s.p50Ms(), 3)).put("p99", round(s.p99Ms(), 3))
                .put("mean", round(s.meanMs(), 3));
        ObjectNode reasons = o.putObject("error_reasons");
        s.errorReasons().forEach(reasons::put);
        o.put("warmup_errors", s.warmupErrors());
        if (s.hasClassic()) {
            o.put("classic_rps", s.classicRps());
        } else {
            o.putNull("classic_rps");
        }
        ScenarioResult base = report.baselineOf(s);
        o.put("baseline", base.name());
        putNumber(o, "ratio_vs_baseline", Explanation.ratio(base, s));
        putNumber(o, "classic_ratio_vs_baseline", Explanation.classicRatio(base, s));

        ObjectNode phases = o.putObject("phases");
        for (Map.Entry<String, PhaseFigures> e : s.phases().entrySet()) {
            PhaseFigures p = e.getValue();
            phases.putObject(e.getKey()).put("mean_us", p.meanUs()).put("share", p.share()).put("p50_us", p.p50Us())
                    .put("p99_us", p.p99Us()).put("alloc_bytes", p.allocBytes()).put("requests", p.requests());
        }
        o.put("alloc_bytes_per_request", s.allocBytesPerRequest());
        ObjectNode hotspots = o.putObject("hotspots");
        s.hotspotsPerRequest().forEach(hotspots::put);
        ArrayNode sites = o.putArray("hotspot_sites");
        for (HotspotSite site : s.hotspotSites()) {
            sites.addObject().put("kind", site.kind()).put("site", site.site()).put("count", site.count())
                    .put("per_request", site.perRequest());
        }
        o.putObject("wire_bytes_per_request").put("request", round(s.requestBytesPerRequest(), 1))
                .put("response", round(s.responseBytesPerRequest(), 1));
        o.put("connections", s.connections());
        if (s.agent() != null) {
            o.put("agent_requests", s.agent().requests());
            o.putObject("server_duration_us").put("mean", s.agent().durationMeanUs()).put("p50", s.agent().durationP50Us())
                    .put("p99", s.agent().durationP99Us());
            ObjectNode outcomes = o.putObject("server_outcomes");
            s.agent().outcomes().forEach(outcomes::put);
        } else {
            o.putNull("agent_requests");
        }
        o.put("explanation", explanation);
    }

    private static void putNumber(ObjectNode o, String key, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            o.putNull(key);
        } else {
            o.put(key, round(value, 4));
        }
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
