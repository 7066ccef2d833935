package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.mtom.HeapLadder;
import dev.soapscope.demo.scenario.mtom.TupleChecker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.ClientFigures;
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
 * the explanation). Transfer scenarios (the mtom groups) add {@code "fetch_seconds": {"10": s, ...}} or
 * {@code "echo_seconds": {"32768": s, ...}} (mean seconds per size, null when every run failed), their
 * {@code _runs}, {@code classic_fetch_seconds}, {@code heap_peak_bytes} and the wire bytes' source; the top level
 * then has {@code "transfer"} with the settings and each mode's {@code wire_size_ratio}.
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
        if (report.flames() != null) {
            flames(root, report.flames());
        }
        if (TransferReport.any(report)) {
            transfer(root.putObject("transfer"), report);
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
                .put("soap_action", soapAction(s))
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
            ObjectNode phase = phases.putObject(e.getKey()).put("mean_us", p.meanUs()).put("share", p.share());
            putNumber(phase, "p50_us", p.p50Us(), 1);
            putNumber(phase, "p99_us", p.p99Us(), 1);
            phase.put("alloc_bytes", p.allocBytes()).put("requests", p.requests());
        }
        o.put("alloc_bytes_per_request", s.allocBytesPerRequest());
        ObjectNode hotspots = o.putObject("hotspots");
        s.hotspotsPerRequest().forEach(hotspots::put);
        ArrayNode sites = o.putArray("hotspot_sites");
        for (HotspotSite site : s.hotspotSites()) {
            ObjectNode entry = sites.addObject().put("kind", site.kind()).put("site", site.site())
                    .put("count", site.count()).put("per_request", site.perRequest())
                    .put("caller", site.callerFrame()).put("one_off", site.oneOff());
            site.firstStack().forEach(entry.putArray("first_stack")::add);
        }
        o.putObject("wire_bytes_per_request").put("request", round(s.requestBytesPerRequest(), 1))
                .put("response", round(s.responseBytesPerRequest(), 1));
        o.put("connections", s.connections());
        if (s.transfer() != null) {
            transfer(o, report, s);
        }
        if (s.agent() != null) {
            o.put("agent_requests", s.agent().requests());
            o.put("agent_operation", s.agent().operation());
            ObjectNode duration = o.putObject("server_duration_us").put("mean", round(s.agent().durationMeanUs(), 1));
            putNumber(duration, "p50", s.agent().durationP50Us(), 1);
            putNumber(duration, "p99", s.agent().durationP99Us(), 1);
            ObjectNode outcomes = o.putObject("server_outcomes");
            s.agent().outcomes().forEach(outcomes::put);
        } else {
            o.putNull("agent_requests");
        }
        client(o, s.client());
        if (s.client() != null && report.flames() != null) {
            pages((ObjectNode) o.get("client"), report.flames().client(s.name()), report.flames().missing());
        }
        if (report.flames() != null) {
            scenarioFlames(o, report.flames(), s);
        }
        o.put("explanation", explanation);
    }

    /**
     * {@code "client": {"calls", "errors", "duration_us": {mean, p50, p99}, "phases": {phase: {mean_us, share,
     * alloc_bytes}}, "hotspots": {kind: per call}}}: the agent in the scenario's client JVM; {@code client.create}
     * counts the clients built outside calls too. Null when the client did not run under the agent.
     */
    static void client(ObjectNode o, ClientFigures client) {
        if (client == null) {
            o.putNull("client");
            return;
        }
        AgentFigures calls = client.calls();
        ObjectNode c = o.putObject("client").put("calls", calls.requests()).put("errors", client.errors());
        ObjectNode duration = c.putObject("duration_us").put("mean", round(calls.durationMeanUs(), 1));
        putNumber(duration, "p50", calls.durationP50Us(), 1);
        putNumber(duration, "p99", calls.durationP99Us(), 1);
        ObjectNode outcomes = c.putObject("outcomes");
        calls.outcomes().forEach(outcomes::put);
        ObjectNode phases = c.putObject("phases");
        calls.phases().forEach((name, p) -> phases.putObject(name).put("mean_us", p.meanUs()).put("share", p.share())
                .put("alloc_bytes", p.allocBytes()));
        c.put("alloc_bytes_per_call", calls.allocBytesPerRequest());
        putNumber(c, "wall_us_per_call", client.wallUsPerCall(), 1); // the client's own, building included
        if (client.threadAllocBytesPerCall() >= 0) {
            c.put("thread_alloc_bytes_per_call", client.threadAllocBytesPerCall());
        } else {
            c.putNull("thread_alloc_bytes_per_call");
        }
        ObjectNode hotspots = c.putObject("hotspots");
        calls.hotspotsPerRequest().forEach(hotspots::put);
        hotspots.put(ClientFigures.CLIENT_CREATE, round(client.createdPerCall(), 3));
        ArrayNode sites = c.putArray("hotspot_sites");
        // client.create sites once: creations() has them all, in calls or not
        for (HotspotSite site : concat(client.creations(), calls.sites().stream()
                .filter(x -> !x.kind().equals(ClientFigures.CLIENT_CREATE)).toList())) {
            sites.addObject().put("kind", site.kind()).put("site", site.site()).put("count", site.count())
                    .put("per_call", site.perRequest()).put("caller", site.callerFrame());
        }
    }

    private static List<HotspotSite> concat(List<HotspotSite> a, List<HotspotSite> b) {
        List<HotspotSite> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * {@code "profile": {"profiler": .., "dirs": ["profile"], "flamegraphs_missing": null}} and
     * {@code "diffs": [{"current": .., "baseline": .., "file": "flamegraphs/diff-...html", "samples_per_requests": ..}]}.
     */
    private static void flames(ObjectNode root, Flames f) {
        ObjectNode profile = root.putObject("profile");
        putText(profile, "profiler", f.profiler());
        ArrayNode dirs = profile.putArray("dirs");
        f.profileDirs().forEach(dirs::add);
        putText(profile, "flamegraphs_missing", f.missing());
        ArrayNode diffs = root.putArray("diffs");
        for (Flames.Diff d : f.diffs()) {
            diffs.addObject().put("current", d.current()).put("baseline", d.baseline()).put("file", d.file())
                    .put("samples_per_requests", d.unit());
        }
    }

    /**
     * {@code "flamegraphs": {"flame": "flamegraphs/<slug>/flame.html", "phases": {"unmarshal": ...}, "samples": n}},
     * or {@code {"missing": why}}.
     */
    private static void scenarioFlames(ObjectNode o, Flames f, ScenarioResult s) {
        pages(o, f.of(s.name()), f.missing());
    }

    /** {@code "flamegraphs": {"flame", "phases", "samples"}} or {@code {"missing": why}}. */
    private static void pages(ObjectNode o, Flames.ScenarioFlames sf, String runMissing) {
        ObjectNode node = o.putObject("flamegraphs");
        if (sf == null || !sf.written()) {
            node.put("missing", runMissing != null ? runMissing : sf == null ? "not drawn" : sf.missing());
            return;
        }
        node.put("flame", sf.flame());
        ObjectNode phases = node.putObject("phases");
        sf.phases().forEach(phases::put);
        node.put("samples", sf.samples());
    }

    private static void putText(ObjectNode o, String key, String value) {
        if (value == null) {
            o.putNull(key);
        } else {
            o.put(key, value);
        }
    }

    private static void transfer(ObjectNode o, Report report) {
        TransferSettings t = report.run().transfer();
        if (t != null) {
            ArrayNode fetch = o.putArray("fetch_sizes");
            t.fetchSizes().forEach(fetch::add);
            o.put("tuples", t.tuples());
            ArrayNode echo = o.putArray("echo_sizes");
            t.echoSizes().forEach(echo::add);
            o.put("runs", t.runs()).put("warmup_run", t.warmup());
        }
        o.put("concurrency", 1).put("tuple_handling", TupleChecker.WHAT_IT_DOES)
                .put("wire_bytes", "the agent's: HTTP request and response bodies as the server read and wrote them")
                .put("classic", "Axis 1.4 and Apache CXF, seconds for the whole 100,000-tuple result, mean of 5 runs after a warm-up");
        ObjectNode ratios = o.putObject("wire_size_ratio");
        TransferReport.wireRatios(report).forEach((name, ratio) -> putNumber(ratios, name, ratio));
        ObjectNode ladders = o.putObject("heap_ladder");
        report.scenarios().stream().filter(s -> s.transfer() != null && s.transfer().heapLadder() != null)
                .forEach(s -> ladders.put(s.name(), s.transfer().heapLadder().smallestMb()));
        ObjectNode clientLadders = o.putObject("client_heap_ladder");
        report.scenarios().stream().filter(s -> s.transfer() != null && s.transfer().clientHeapLadder() != null)
                .forEach(s -> clientLadders.put(s.name(), s.transfer().clientHeapLadder().smallestMb()));
        if (!ladders.isEmpty()) {
            o.put("heap_ladder_classic", HeapLadder.CLASSIC);
        }
    }

    private static void transfer(ObjectNode o, Report report, ScenarioResult s) {
        TransferFigures t = s.transfer();
        o.put("endpoint", t.endpoint()).put("kind", t.kind());
        String key = t.isFetch() ? "fetch_seconds" : "echo_seconds";
        ObjectNode means = o.putObject(key);
        ObjectNode runs = o.putObject(key + "_runs");
        for (Map.Entry<Integer, List<Double>> e : t.runSeconds().entrySet()) {
            putNumber(means, String.valueOf(e.getKey()), t.mean(e.getKey()), 6);
            ArrayNode each = runs.putArray(String.valueOf(e.getKey()));
            e.getValue().forEach(v -> each.add(round(v, 6)));
        }
        if (t.isFetch()) {
            ObjectNode classic = o.putObject("classic_fetch_seconds");
            t.classicSeconds().forEach((size, v) -> classic.put(String.valueOf(size), v));
        }
        o.put("wire_bytes_source", s.agent() == null ? "none (no agent figures)"
                : "agent: HTTP bodies as the server read and wrote them");
        ScenarioResult ref = TransferReport.wireReference(report, s);
        if (ref != s) {
            o.put("wire_reference", ref.name());
            putNumber(o, "wire_size_ratio", TransferReport.wireRatio(ref, s));
        }
        TransferFigures.HeapFigures heap = t.heap();
        if (heap == null) {
            o.putNull("heap_peak_bytes");
        } else {
            o.put("heap_peak_bytes", heap.peak());
            if (heap.peakAfterGc() >= 0) {
                o.put("heap_peak_after_gc_bytes", heap.peakAfterGc());
            } else {
                o.putNull("heap_peak_after_gc_bytes");
            }
            o.put("heap_base_bytes", heap.base()).put("heap_gcs", heap.collections());
        }
        if (t.heapLadder() != null) {
            heapLadder(o.putObject("heap_ladder"), t.heapLadder());
        }
        if (t.clientHeapLadder() != null) {
            heapLadder(o.putObject("client_heap_ladder"), t.clientHeapLadder());
        }
    }

    /** {@code {"fetch_size": 50000, "smallest_xmx_mb": 128, "failed": {"64": "why"}}}; -1: no rung completed. */
    private static void heapLadder(ObjectNode o, HeapLadder.Result ladder) {
        o.put("fetch_size", HeapLadder.FETCH_SIZE).put("smallest_xmx_mb", ladder.smallestMb());
        ArrayNode rungs = o.putArray("rungs_mb");
        HeapLadder.RUNGS_MB.forEach(rungs::add);
        ObjectNode failed = o.putObject("failed");
        ladder.failures().forEach((mb, why) -> failed.put(String.valueOf(mb), why));
    }

    /** The SOAPAction its measured requests carried (a registered scenario's own; the runner's label otherwise). */
    private static String soapAction(ScenarioResult s) {
        return Scenarios.all().stream().filter(x -> x.name().equals(s.name())).findFirst().map(Scenario::soapAction)
                .orElse(Scenario.ACTION_PREFIX + s.name());
    }

    private static void putNumber(ObjectNode o, String key, double value) {
        putNumber(o, key, value, 4);
    }

    private static void putNumber(ObjectNode o, String key, double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            o.putNull(key);
        } else {
            o.put(key, round(value, decimals));
        }
    }


    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
