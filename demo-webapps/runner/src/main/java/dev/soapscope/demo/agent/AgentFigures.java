package dev.soapscope.demo.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the agent measured for one operation, read from {@code /phases} and {@code /hotspots}. Phases keep the
 * endpoint's order (the agent's phase vocabulary order).
 */
public record AgentFigures(String operation, long requests, Map<String, Long> outcomes, double durationMeanUs,
                           double durationP50Us, double durationP99Us, long allocBytesPerRequest,
                           long bytesInPerRequest, long bytesOutPerRequest, Map<String, PhaseFigures> phases,
                           Map<String, Double> hotspotsPerRequest, List<HotspotSite> sites) {

    /** The operation's entry in a {@code /phases} document, or null when the agent has not seen it. */
    public static JsonNode findOperation(JsonNode phasesDocument, String operation) {
        for (JsonNode op : phasesDocument.path("operations")) {
            if (operation.equals(op.path("operation").asText())) {
                return op;
            }
        }
        return null;
    }

    /** The operation's figures, or null when {@code /phases} does not list it. */
    public static AgentFigures parse(JsonNode phasesDocument, JsonNode hotspotsDocument, String operation) {
        JsonNode op = findOperation(phasesDocument, operation);
        if (op == null) {
            return null;
        }
        Map<String, Long> outcomes = new LinkedHashMap<>();
        op.path("outcomes").properties().forEach(e -> outcomes.put(e.getKey(), e.getValue().asLong()));
        Map<String, PhaseFigures> phases = new LinkedHashMap<>();
        op.path("phases").properties().forEach(e -> {
            JsonNode p = e.getValue();
            phases.put(e.getKey(), new PhaseFigures(p.path("mean_us").asDouble(), p.path("p50_us").asDouble(),
                    p.path("p99_us").asDouble(), p.path("share").asDouble(), p.path("alloc_bytes").asLong(),
                    p.path("requests").asLong()));
        });
        Map<String, Double> hotspots = new LinkedHashMap<>();
        op.path("hotspots_per_request").properties().forEach(e -> hotspots.put(e.getKey(), e.getValue().asDouble()));
        JsonNode duration = op.path("duration_us");
        return new AgentFigures(operation, op.path("requests").asLong(), outcomes, duration.path("mean").asDouble(),
                duration.path("p50").asDouble(), duration.path("p99").asDouble(),
                op.path("alloc_bytes_per_request").asLong(), op.path("bytes_in_per_request").asLong(),
                op.path("bytes_out_per_request").asLong(), phases, hotspots, sites(hotspotsDocument, operation));
    }

    /**
     * The figures of the requests counted after {@code before} was read (the same operation, read earlier): totals
     * are differenced and divided by the new requests; the percentiles of those requests alone are unknown (NaN), the
     * agent keeps one histogram for all. Hot spots per request are counted from the sites' exact counts, not from the
     * rounded rates. {@code before} null or empty: these figures.
     */
    public AgentFigures since(AgentFigures before) {
        if (before == null || before.requests == 0) {
            return this;
        }
        long n = requests - before.requests;
        if (n <= 0) {
            return null;
        }
        Map<String, Long> newOutcomes = new LinkedHashMap<>();
        outcomes.forEach((k, v) -> newOutcomes.put(k, v - before.outcomes.getOrDefault(k, 0L)));
        double durationUs = total(durationMeanUs, requests) - total(before.durationMeanUs, before.requests);
        Map<String, PhaseFigures> newPhases = new LinkedHashMap<>();
        phases.forEach((name, p) -> {
            PhaseFigures b = before.phases.get(name);
            long entered = p.requests() - (b == null ? 0 : b.requests());
            if (entered > 0) {
                double us = Math.max(0, total(p.meanUs(), requests) - (b == null ? 0 : total(b.meanUs(), before.requests)));
                long alloc = p.allocBytes() * requests - (b == null ? 0 : b.allocBytes() * before.requests);
                newPhases.put(name, new PhaseFigures(round(us / n, 1), Double.NaN, Double.NaN,
                        durationUs > 0 ? round(us / durationUs, 4) : 0, Math.max(0, alloc / n), entered));
            }
        });
        List<HotspotSite> newSites = new ArrayList<>();
        Map<String, Double> newHotspots = new LinkedHashMap<>();
        for (HotspotSite site : sites) {
            long count = site.count() - before.sites.stream().filter(b -> sameSite(b, site)).mapToLong(HotspotSite::count)
                    .sum();
            if (count <= 0) {
                continue;
            }
            newSites.add(new HotspotSite(site.kind(), site.site(), count, site.oneOff() ? 0 : round((double) count / n, 3),
                    site.firstStack(), site.callerFrame(), site.oneOff()));
            if (!site.oneOff()) {
                newHotspots.merge(site.kind(), (double) count, Double::sum);
            }
        }
        newSites.sort((a, b) -> Double.compare(b.perRequest(), a.perRequest()));
        newHotspots.replaceAll((kind, count) -> round(count / n, 3));
        return new AgentFigures(operation, n, newOutcomes, round(durationUs / n, 1), Double.NaN, Double.NaN,
                (allocBytesPerRequest * requests - before.allocBytesPerRequest * before.requests) / n,
                (bytesInPerRequest * requests - before.bytesInPerRequest * before.requests) / n,
                (bytesOutPerRequest * requests - before.bytesOutPerRequest * before.requests) / n,
                newPhases, newHotspots, newSites);
    }

    private static double total(double mean, long requests) {
        return mean * requests;
    }

    /** To the precision the agent writes: 0.1 us, shares to 4 decimals, rates to 3. */
    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** The agent counts each caller of a site apart. */
    private static boolean sameSite(HotspotSite a, HotspotSite b) {
        return a.kind().equals(b.kind()) && a.site().equals(b.site()) && Objects.equals(a.callerFrame(), b.callerFrame());
    }

    /** The call sites the operation hit, most per request first. */
    private static List<HotspotSite> sites(JsonNode hotspotsDocument, String operation) {
        List<HotspotSite> sites = new ArrayList<>();
        if (hotspotsDocument == null) {
            return sites;
        }
        for (JsonNode site : hotspotsDocument.path("hotspots")) {
            for (JsonNode op : site.path("operations")) {
                if (!operation.equals(op.path("operation").asText())) {
                    continue;
                }
                List<String> stack = new ArrayList<>();
                // the operation's own first stack there when the agent kept one, else the site's
                (op.has("first_stack") ? op : site).path("first_stack").forEach(f -> stack.add(f.asText()));
                sites.add(new HotspotSite(site.path("kind").asText(), site.path("site").asText(),
                        op.path("count").asLong(), op.path("per_request").asDouble(), stack,
                        site.hasNonNull("caller") ? site.get("caller").asText() : null, site.path("one_off").asBoolean()));
            }
        }
        sites.sort((a, b) -> Double.compare(b.perRequest(), a.perRequest()));
        return sites;
    }
}
