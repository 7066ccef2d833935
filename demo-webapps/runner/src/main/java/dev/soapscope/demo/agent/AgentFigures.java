package dev.soapscope.demo.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the agent measured for one operation (or several together, see {@link #parse(JsonNode, JsonNode, String,
 * List)}), read from {@code /phases} and {@code /hotspots}, or the part of it since an earlier reading ({@link
 * #since}). Phases keep the endpoint's order (the agent's phase vocabulary order).
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
     * The figures of {@code operations} together under {@code name} (a query and its batches, as a stack that names
     * requests by its dispatch counts them), or null when {@code /phases} lists none of them. Totals are summed; the
     * percentiles of several operations together are unknown (NaN).
     */
    public static AgentFigures parse(JsonNode phasesDocument, JsonNode hotspotsDocument, String name,
                                     List<String> operations) {
        List<AgentFigures> parts = new ArrayList<>();
        for (String operation : operations) {
            AgentFigures part = parse(phasesDocument, hotspotsDocument, operation);
            if (part != null) {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        if (parts.size() == 1) {
            AgentFigures f = parts.get(0);
            return new AgentFigures(name, f.requests, f.outcomes, f.durationMeanUs, f.durationP50Us, f.durationP99Us,
                    f.allocBytesPerRequest, f.bytesInPerRequest, f.bytesOutPerRequest, f.phases, f.hotspotsPerRequest,
                    f.sites);
        }
        long n = parts.stream().mapToLong(AgentFigures::requests).sum();
        double durationUs = parts.stream().mapToDouble(f -> total(f.durationMeanUs, f.requests)).sum();
        Map<String, Long> outcomes = new LinkedHashMap<>();
        Map<String, double[]> phaseTotals = new LinkedHashMap<>(); // us, alloc bytes, requests that entered it
        Map<String, Double> hotspots = new LinkedHashMap<>();
        List<HotspotSite> sites = new ArrayList<>();
        for (AgentFigures f : parts) {
            f.outcomes.forEach((k, v) -> outcomes.merge(k, v, Long::sum));
            f.phases.forEach((phase, p) -> {
                double[] t = phaseTotals.computeIfAbsent(phase, k -> new double[3]);
                t[0] += total(p.meanUs(), f.requests);
                t[1] += total(p.allocBytes(), f.requests);
                t[2] += p.requests();
            });
            f.hotspotsPerRequest.forEach((kind, rate) -> hotspots.merge(kind, total(rate, f.requests), Double::sum));
            for (HotspotSite site : f.sites) {
                int same = indexOfSameSite(sites, site);
                if (same < 0) {
                    sites.add(site);
                } else {
                    HotspotSite s = sites.get(same);
                    sites.set(same, new HotspotSite(s.kind(), s.site(), s.count() + site.count(), 0, s.firstStack(),
                            s.callerFrame(), s.oneOff()));
                }
            }
        }
        Map<String, PhaseFigures> phases = new LinkedHashMap<>();
        // unrounded, so that a difference taken later (since) loses nothing more
        phaseTotals.forEach((phase, t) -> phases.put(phase, new PhaseFigures(t[0] / n, Double.NaN, Double.NaN,
                durationUs > 0 ? t[0] / durationUs : 0, Math.round(t[1] / n), (long) t[2])));
        hotspots.replaceAll((kind, count) -> count / n);
        sites.replaceAll(h -> new HotspotSite(h.kind(), h.site(), h.count(), h.oneOff() ? 0 : (double) h.count() / n,
                h.firstStack(), h.callerFrame(), h.oneOff()));
        sites.sort((a, b) -> Double.compare(b.perRequest(), a.perRequest()));
        return new AgentFigures(name, n, outcomes, durationUs / n, Double.NaN, Double.NaN,
                Math.round(parts.stream().mapToDouble(f -> total(f.allocBytesPerRequest, f.requests)).sum() / n),
                Math.round(parts.stream().mapToDouble(f -> total(f.bytesInPerRequest, f.requests)).sum() / n),
                Math.round(parts.stream().mapToDouble(f -> total(f.bytesOutPerRequest, f.requests)).sum() / n),
                phases, hotspots, sites);
    }

    private static int indexOfSameSite(List<HotspotSite> sites, HotspotSite site) {
        for (int i = 0; i < sites.size(); i++) {
            if (sameSite(sites.get(i), site)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The figures of the requests counted after {@code before} was read (the same operations, read earlier): totals
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
