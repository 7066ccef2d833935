package dev.soapscope.flamegraphs;

import one.convert.FlameGraph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A differential flame graph of two runs' phase-rooted stacks, normalised per request: each run's sample
 * counts are divided by its request count and expressed per {@link #unit()} requests (a power of ten at least
 * ten times the larger request count, so one sample is at least ten units and rounding stays below 5%).
 *
 * <p>The converter colours a graph by the change of each frame's self count against a reference graph (red
 * grew, blue shrank, yellow: a frame the reference lacks) and draws widths from the graph itself, so frames
 * only in the baseline would have no width. Here the drawn graph holds, per stack, the larger of baseline and
 * current, and the reference holds {@code larger - current + baseline}: the difference is then exactly
 * {@code current - baseline}, frames gone from the current run keep their baseline width and show deep blue,
 * and frames only in the current run are yellow.
 */
final class DiffGraph {
    private final CollapsedStacks base;
    private final CollapsedStacks current;
    private final long unit;

    private DiffGraph(CollapsedStacks base, CollapsedStacks current, long unit) {
        this.base = base;
        this.current = current;
        this.unit = unit;
    }

    /** Both runs' stacks with their raw sample counts and request counts (each at least 1). */
    static DiffGraph of(CollapsedStacks base, long baseRequests, CollapsedStacks current, long currentRequests) {
        long unit = 10;
        while (unit < 10 * Math.max(baseRequests, currentRequests)) {
            unit *= 10;
        }
        return new DiffGraph(base.scaled((double) unit / baseRequests),
                current.scaled((double) unit / currentRequests), unit);
    }

    /** The counts are samples per this many requests. */
    long unit() {
        return unit;
    }

    /** {@code stack baseline current} lines, per {@link #unit()} requests (the input of difffolded.pl). */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (String s : stacks()) {
            lines.add(s + " " + base.count(s) + " " + current.count(s));
        }
        return lines;
    }

    void writeCollapsed(Path file) throws IOException {
        Files.write(file, lines(), StandardCharsets.UTF_8);
    }

    /**
     * The page: phase frames coloured, {@code [phase:none]} left out unless {@code showNone}, and then said so with
     * {@code howToShow}.
     */
    void writeHtml(Path file, String title, boolean showNone, String howToShow) throws IOException {
        CollapsedStacks drawn = new CollapsedStacks();
        CollapsedStacks reference = new CollapsedStacks();
        for (String s : stacks()) {
            if (!showNone && PhaseFrame.NONE.equals(PhaseFrame.rootOf(s))) {
                continue;
            }
            long b = base.count(s);
            long c = current.count(s);
            long larger = Math.max(b, c);
            drawn.add(s, larger);
            // zero (left out) when the baseline lacks the stack, so its new frames stay unknown to the reference
            reference.add(s, larger - c + b);
        }
        FlameGraph graph = drawn.toGraph(title + ", samples per " + NumberFormat.getIntegerInstance(Locale.ROOT)
                .format(unit) + " requests; width: the larger of the two runs; red: grew, blue: shrank"
                + " (gone: blue over the whole width), yellow: only in the current run");
        graph.diff(reference.toGraph(""));
        FlamePage.write(graph, drawn.rootPhases(), showNone && drawn.hasRoot(PhaseFrame.NONE),
                showNone ? "" : noneNote(howToShow), file);
    }

    /** What leaving out {@code [phase:none]} left out, per run. */
    private String noneNote(String howToShow) {
        return String.format(Locale.ROOT, "%s not drawn: %s of the current run's samples, %s of the baseline's, taken"
                + " outside any request phase (JIT compiler, GC, threads between requests); %s draws them",
                PhaseFrame.NONE, noneShare(current), noneShare(base), howToShow);
    }

    private static String noneShare(CollapsedStacks run) {
        long all = run.total();
        long none = all - run.withoutRoot(PhaseFrame.NONE).total();
        return String.format(Locale.ROOT, "%.1f%%", all == 0 ? 0.0 : 100.0 * none / all);
    }

    /** Each stack of either run once, even when the converter suffixed its frames differently in each. */
    private Iterable<String> stacks() {
        CollapsedStacks both = new CollapsedStacks();
        both.addAll(base);
        both.addAll(current);
        return both.stacks();
    }
}
