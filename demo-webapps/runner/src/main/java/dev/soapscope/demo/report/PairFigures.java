package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.List;

import dev.soapscope.demo.agent.PhaseFigures;
import dev.soapscope.demo.scenario.Scenarios;

/**
 * What a pair is there to show, both halves side by side as measured, e.g. {@code ; info -> debug: logging 0 us ->
 * 412 us per request, message.logged 0.00 -> 2.00 per request}: the pair's own phase and hot-spot kind, stated
 * whether or not they are among the largest differences.
 */
final class PairFigures {

    private PairFigures() {
    }

    /** The clause for {@code s} compared with {@code base}; empty when they are no pair or the pair shows nothing. */
    static String of(ScenarioResult base, ScenarioResult s) {
        Scenarios.Pair pair = Scenarios.Pair.of(base.name(), s.name());
        if (pair == null || pair.phase() == null && pair.hotspot() == null) {
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
        return "; " + base.shortName() + " -> " + s.shortName() + ": " + String.join(", ", parts);
    }

    private static double meanUs(ScenarioResult s, String phase) {
        PhaseFigures p = s.phases().get(phase);
        return p == null ? 0 : p.meanUs();
    }

    private static double perRequest(ScenarioResult s, String kind) {
        return s.hotspotsPerRequest().getOrDefault(kind, 0.0);
    }
}
