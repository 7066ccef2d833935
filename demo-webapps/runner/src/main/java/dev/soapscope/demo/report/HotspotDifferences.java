package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.soapscope.demo.agent.HotspotSite;

/**
 * The hot spots one scenario hits more or less often than its baseline, per request, each kind followed by the call
 * sites that make the difference and the code that called them, e.g. {@code soap.conversion +2.00: envelope -> string
 * (Axis SOAPPart) +2.00 at MessageLoggingHandler.invoke(MessageLoggingHandler.java:26), ...}.
 */
final class HotspotDifferences {

    /** Differences smaller than this per request are rounding, not behaviour. */
    static final double MIN_PER_REQUEST = 0.05;
    static final int MAX_KINDS = 3;
    static final int MAX_SITES = 3;

    private HotspotDifferences() {
    }

    /** One entry per kind that differs, the largest difference first; empty when none does. */
    static List<String> of(ScenarioResult base, ScenarioResult s) {
        Set<String> kinds = new LinkedHashSet<>(s.hotspotsPerRequest().keySet());
        kinds.addAll(base.hotspotsPerRequest().keySet());
        List<Map.Entry<String, Double>> diffs = new ArrayList<>();
        for (String kind : kinds) {
            double d = s.hotspotsPerRequest().getOrDefault(kind, 0.0) - base.hotspotsPerRequest().getOrDefault(kind, 0.0);
            if (Math.abs(d) >= MIN_PER_REQUEST) {
                diffs.add(Map.entry(kind, d));
            }
        }
        diffs.sort((a, b) -> Double.compare(Math.abs(b.getValue()), Math.abs(a.getValue())));
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Double> d : diffs.subList(0, Math.min(MAX_KINDS, diffs.size()))) {
            List<String> sites = sites(base, s, d.getKey());
            parts.add(d.getKey() + " " + signed(d.getValue()) + (sites.isEmpty() ? "" : ": " + String.join(", ", sites)));
        }
        return parts;
    }

    /** The sites of {@code kind} whose count per request differs, the largest difference first. */
    private static List<String> sites(ScenarioResult base, ScenarioResult s, String kind) {
        Map<String, HotspotSite> current = bySite(s, kind);
        Map<String, HotspotSite> baseline = bySite(base, kind);
        Set<String> names = new LinkedHashSet<>(current.keySet());
        names.addAll(baseline.keySet());
        record Diff(String site, double value, String caller) {
        }
        List<Diff> diffs = new ArrayList<>();
        for (String name : names) {
            HotspotSite now = current.get(name);
            HotspotSite before = baseline.get(name);
            double d = (now == null ? 0 : now.perRequest()) - (before == null ? 0 : before.perRequest());
            if (Math.abs(d) >= MIN_PER_REQUEST) {
                HotspotSite either = now != null ? now : before;
                diffs.add(new Diff(either.site(), d, either.caller()));
            }
        }
        diffs.sort((a, b) -> Double.compare(Math.abs(b.value()), Math.abs(a.value())));
        return diffs.stream().limit(MAX_SITES)
                .map(d -> d.site() + " " + signed(d.value()) + (d.caller() == null ? "" : " at " + d.caller()))
                .toList();
    }

    /** Per site and caller (the agent counts each caller of a site apart), the site; the key is what is shown. */
    private static Map<String, HotspotSite> bySite(ScenarioResult s, String kind) {
        Map<String, HotspotSite> sites = new LinkedHashMap<>();
        for (HotspotSite site : s.hotspotSites()) {
            if (site.kind().equals(kind)) {
                sites.merge(site.site() + "\u0000" + site.caller(), site, (a, b) -> a);
            }
        }
        return sites;
    }

    private static String signed(double perRequest) {
        return (perRequest >= 0 ? "+" : "") + Format.fixed(perRequest, 2);
    }
}
