package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import dev.soapscope.demo.agent.PhaseFigures;

/**
 * One line per scenario saying how it compares with the first scenario of its group, for example
 * {@code axiom-streaming vs saaj: 3.1x faster (classic 5.3x faster); unmarshal -412 us, soap.parse -380 us;
 * allocates 410 KB less per request (soap.parse -300 KB)}, then the hot spots that differ, each at its call site
 * ({@link HotspotDifferences}). A pair declared to show a phase or hot spot states both halves' figures of it first
 * ({@link PairFigures}). Phase differences are in self time per request, the largest first; whatever the
 * numbers say is what the line says.
 */
public final class Explanation {

    /** Ratios within this factor of 1 read as "about as fast". */
    static final double SAME_SPEED = 1.05;
    /** Phase differences below this are noise, not explanation. */
    static final double MIN_PHASE_DIFF_US = 1.0;
    static final double MIN_ALLOC_DIFF_BYTES = 1024;
    static final int TOP_PHASES = 2;

    private Explanation() {
    }

    public static List<String> lines(List<ScenarioResult> scenarios) {
        List<String> lines = new ArrayList<>();
        for (ScenarioResult s : scenarios) {
            ScenarioResult base = baseline(scenarios, s);
            lines.add(ClientExplanation.applies(s) ? ClientExplanation.line(scenarios, s)
                    : base == s ? baselineLine(s) : line(base, s));
        }
        return lines;
    }

    /** The first scenario of {@code s}'s group in {@code scenarios}. */
    public static ScenarioResult baseline(List<ScenarioResult> scenarios, ScenarioResult s) {
        return scenarios.stream().filter(o -> o.group().equals(s.group())).findFirst().orElse(s);
    }

    /** Measured throughput of {@code s} over {@code base}'s; NaN when the baseline did nothing. */
    public static double ratio(ScenarioResult base, ScenarioResult s) {
        return base.throughputRps() > 0 ? s.throughputRps() / base.throughputRps() : Double.NaN;
    }

    /** The classic figures' ratio; NaN when either has none. */
    public static double classicRatio(ScenarioResult base, ScenarioResult s) {
        return base.hasClassic() && s.hasClassic() ? s.classicRps() / base.classicRps() : Double.NaN;
    }

    static String baselineLine(ScenarioResult s) {
        StringBuilder line = new StringBuilder(s.shortName()).append(": the baseline of ").append(s.group())
                .append(", ").append(Format.fixed(s.throughputRps(), 1)).append(" req/s");
        if (s.hasClassic()) {
            line.append(" (classic ").append(Format.fixed(s.classicRps(), 2)).append(" req/s)");
        }
        line.append(errors(s));
        if (s.agent() == null) {
            return line.append("; the agent reported nothing for it").toString();
        }
        List<String> top = new ArrayList<>();
        for (Map.Entry<String, PhaseFigures> e : s.topPhases(3)) {
            top.add(e.getKey() + " " + Format.percent(e.getValue().share()));
        }
        if (!top.isEmpty()) {
            line.append("; most time in ").append(String.join(", ", top));
        }
        if (s.allocBytesPerRequest() > 0) {
            line.append("; allocates ").append(Format.bytes(s.allocBytesPerRequest())).append(" per request");
        }
        if (!s.hotspotsPerRequest().isEmpty()) {
            line.append("; hot spots per request: ").append(String.join(", ", s.hotspotsPerRequest().entrySet().stream()
                    .sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
                    .map(e -> e.getKey() + " " + Format.fixed(e.getValue(), 2)).toList()));
        }
        return line.toString();
    }

    static String line(ScenarioResult base, ScenarioResult s) {
        StringBuilder line = new StringBuilder(s.shortName()).append(" vs ").append(base.shortName()).append(": ")
                .append(speed(ratio(base, s)));
        double classic = classicRatio(base, s);
        if (!Double.isNaN(classic)) {
            line.append(" (classic ").append(speed(classic)).append(')');
        }
        line.append(errors(s));
        if (base.transfer() != null && s.transfer() != null) {
            line.append(transfer(base, s));
        }
        if (s.agent() == null || base.agent() == null) {
            return line.append("; no agent figures for ").append(s.agent() == null ? s.shortName() : base.shortName())
                    .append(", so no phases to compare").toString();
        }
        line.append(PairFigures.of(base, s));
        List<String> time = differences(base, s, PhaseFigures::meanUs, MIN_PHASE_DIFF_US, true);
        line.append("; ").append(time.isEmpty() ? "no phase differs by " + Format.micros(MIN_PHASE_DIFF_US) + " or more"
                : String.join(", ", time));
        line.append(allocation(base, s));
        List<String> hot = HotspotDifferences.of(base, s);
        if (!hot.isEmpty()) {
            line.append("; hot spots per request: ").append(String.join("; ", hot));
        }
        return line.toString();
    }

    /** {@code ; allocates 410 KB less per request (soap.parse -300 KB)}; empty when allocation was not measured. */
    private static String allocation(ScenarioResult base, ScenarioResult s) {
        long allocDiff = s.allocBytesPerRequest() - base.allocBytesPerRequest();
        if (s.allocBytesPerRequest() == 0 && base.allocBytesPerRequest() == 0) {
            return "";
        }
        if (Math.abs(allocDiff) < MIN_ALLOC_DIFF_BYTES) {
            return "; allocates about as much per request (" + Format.bytes(s.allocBytesPerRequest()) + ")";
        }
        StringBuilder part = new StringBuilder("; allocates ").append(Format.bytes(Math.abs(allocDiff)))
                .append(allocDiff < 0 ? " less" : " more").append(" per request");
        List<String> alloc = differences(base, s, p -> p.allocBytes(), MIN_ALLOC_DIFF_BYTES, false);
        if (!alloc.isEmpty()) {
            part.append(" (").append(String.join(", ", alloc)).append(')');
        }
        return part.toString();
    }

    /**
     * For transfer scenarios: the time per size as a multiple of the baseline's (the classic multiple beside it), the
     * bytes on the wire, the server's heap peak; e.g. {@code ; time vs base64: fetch 100 0.92x (classic 0.91x),
     * fetch 1000 0.87x (classic 0.87x); 0.76x the bytes on the wire; server heap peak 310 MB vs 420 MB}.
     */
    static String transfer(ScenarioResult base, ScenarioResult s) {
        TransferFigures t = s.transfer();
        TransferFigures b = base.transfer();
        StringBuilder out = new StringBuilder();
        List<String> sizes = new ArrayList<>();
        for (int size : t.sizes()) {
            double ratio = t.mean(size) / b.mean(size);
            if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
                continue;
            }
            String part = (t.isFetch() ? "fetch " + size : Format.size(size)) + " " + Format.times(ratio);
            Double classicOwn = t.classicSeconds().get(size);
            Double classicBase = b.classicSeconds().get(size);
            if (classicOwn != null && classicBase != null && classicBase > 0) {
                part += " (classic " + Format.times(classicOwn / classicBase) + ")";
            }
            sizes.add(part);
        }
        if (!sizes.isEmpty()) {
            out.append("; time vs ").append(base.shortName()).append(": ").append(String.join(", ", sizes));
        }
        double wire = TransferReport.wireRatio(base, s);
        if (!Double.isNaN(wire)) {
            out.append("; ").append(Format.fixed(wire, 2)).append("x the bytes on the wire");
        }
        if (t.heap() != null && b.heap() != null) {
            out.append("; server heap peak ").append(Format.bytes(t.heap().peak())).append(" vs ")
                    .append(Format.bytes(b.heap().peak()));
        }
        return out.toString();
    }

    /** The phases whose figure differs most (at least {@code min}), largest first, as {@code phase -412 us}. */
    private static List<String> differences(ScenarioResult base, ScenarioResult s, ToDoubleFunction<PhaseFigures> figure,
                                            double min, boolean time) {
        Set<String> phases = new LinkedHashSet<>(base.phases().keySet());
        phases.addAll(s.phases().keySet());
        record Diff(String phase, double value) {
        }
        List<Diff> diffs = new ArrayList<>();
        for (String phase : phases) {
            double d = value(s.phases().get(phase), figure) - value(base.phases().get(phase), figure);
            if (Math.abs(d) >= min) {
                diffs.add(new Diff(phase, d));
            }
        }
        diffs.sort((a, b) -> Double.compare(Math.abs(b.value()), Math.abs(a.value())));
        return diffs.stream().limit(TOP_PHASES)
                .map(d -> d.phase() + " " + (time ? Format.signedMicros(d.value()) : Format.signedBytes(d.value())))
                .toList();
    }

    private static double value(PhaseFigures p, ToDoubleFunction<PhaseFigures> figure) {
        return p == null ? 0 : figure.applyAsDouble(p);
    }

    /** {@code 3.1x faster}, {@code 1.11x slower}, {@code about as fast (1.02x)}. */
    static String speed(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio) || ratio <= 0) {
            return "no throughput to compare";
        }
        if (ratio >= SAME_SPEED) {
            return Format.times(ratio) + " faster";
        }
        if (ratio <= 1 / SAME_SPEED) {
            return Format.times(1 / ratio) + " slower";
        }
        return "about as fast (" + Format.times(ratio) + ")";
    }

    private static String errors(ScenarioResult s) {
        return s.errors() == 0 ? "" : " with " + s.errors() + " error" + (s.errors() == 1 ? "" : "s") + " of "
                + s.requests() + " requests";
    }
}
