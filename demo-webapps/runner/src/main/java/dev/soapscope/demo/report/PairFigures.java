package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.List;

import dev.soapscope.demo.agent.PhaseFigures;
import dev.soapscope.demo.scenario.Scenarios;

/**
 * What a pair is there to show, both halves side by side as measured, e.g. {@code ; info -> debug: logging 0 us ->
 * 412 us per request, message.logged 0.00 -> 2.00 per request}: the pair's own phase and hot-spot kind, stated
 * whether or not they are among the largest differences; the sites of a kind both hit alike, each at the code that
 * called it ({@code ; soap.conversion per message in both: OM -> DOOM (Rampart) 1.00 at RampartMessageData.<init>(..)});
 * and the classic finding beside the throughput the lean half gains over the costly one here.
 */
final class PairFigures {

    private PairFigures() {
    }

    /** The clause for {@code s} compared with {@code base}; empty when they are no pair or the pair shows nothing. */
    static String of(ScenarioResult base, ScenarioResult s) {
        Scenarios.Pair pair = Scenarios.Pair.of(base.name(), s.name());
        if (pair == null || pair.phase() == null && pair.hotspot() == null && pair.sites() == null
                && pair.classic() == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (pair.phase() != null) {
            parts.add(pair.phase() + " " + Format.micros(meanUs(base, pair.phase())) + " -> "
                    + Format.micros(meanUs(s, pair.phase())) + " per request");
        }
        if (pair.hotspot() != null) {
            parts.add(pair.hotspot() + " " + Format.fixed(perRequest(base, pair.hotspot()), 2) + " -> "
                    + Format.fixed(perRequest(s, pair.hotspot()), 2) + " per request");
        }
        StringBuilder out = new StringBuilder();
        if (!parts.isEmpty()) {
            out.append("; ").append(base.shortName()).append(" -> ").append(s.shortName()).append(": ")
                    .append(String.join(", ", parts));
        }
        if (pair.sites() != null) {
            out.append(sites(base, s, pair.sites()));
        }
        if (pair.classic() != null) {
            out.append(classic(base, s, pair));
        }
        return out.toString();
    }

    /** {@code ; KIND per message in both: SITE 1.00 at CALLER, ...}: per site and caller, from {@code s}. */
    private static String sites(ScenarioResult base, ScenarioResult s, String kind) {
        List<String> sites = s.hotspotSites().stream().filter(h -> h.kind().equals(kind) && !h.oneOff())
                .map(h -> h.site() + " " + Format.fixed(h.perRequest(), 2) + (h.caller() == null ? "" : " at " + h.caller()))
                .toList();
        double before = perRequest(base, kind);
        double now = perRequest(s, kind);
        String both = Format.fixed(before, 2).equals(Format.fixed(now, 2)) ? " in both"
                : " (" + Format.fixed(before, 2) + " -> " + Format.fixed(now, 2) + ")";
        return "; " + kind + " per message" + both + (sites.isEmpty() ? ": none" : ": " + String.join(", ", sites));
    }

    /** {@code ; classic: FINDING; here CACHED gains 35% req/s over PER-REQUEST}. */
    private static String classic(ScenarioResult base, ScenarioResult s, Scenarios.Pair pair) {
        ScenarioResult lean = pair.baseline().equals(base.name()) ? base : s;
        ScenarioResult costly = lean == base ? s : base;
        StringBuilder out = new StringBuilder("; classic: ").append(pair.classic());
        if (costly.throughputRps() > 0 && lean.throughputRps() > 0) {
            out.append("; here ").append(lean.shortName()).append(" gains ")
                    .append(Format.percent(lean.throughputRps() / costly.throughputRps() - 1)).append(" req/s over ")
                    .append(costly.shortName());
        }
        return out.toString();
    }

    private static double meanUs(ScenarioResult s, String phase) {
        PhaseFigures p = s.phases().get(phase);
        return p == null ? 0 : p.meanUs();
    }

    private static double perRequest(ScenarioResult s, String kind) {
        return s.hotspotsPerRequest().getOrDefault(kind, 0.0);
    }
}
