package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;
import one.jfr.event.SpanEvent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run's execution samples (cpu, itimer or wall: whatever the recording holds) split by the phase span each
 * fell in. The converter does the JFR work: once without a filter for all samples, then once per phase tag
 * with {@code --tag}, which keeps the samples inside spans of that tag on the same thread. The agent's spans
 * are exclusive segments, so a sample falls in one phase span at most; what no phase span holds is
 * {@link PhaseFrame#NONE}. Spans whose tag is no soapscope phase are ignored (their samples count as none).
 *
 * <p>With a {@link TimeWindow}, only the samples taken within it count; the spans are read whole, so a sample in
 * the window keeps its phase even when its span began before the window.
 *
 * <p>A file that cannot be read as a JFR recording is skipped, with a warning naming it: a run's last file is cut
 * short when its JVM was killed or its disk filled up, and the complete files before it still count. Only when no
 * file can be read is that an error.
 */
final class PhaseProfile {
    private final Map<Phase, CollapsedStacks> phases;
    private final CollapsedStacks none;
    private final Set<String> ignoredTags;
    private final List<String> skipped;

    private PhaseProfile(Map<Phase, CollapsedStacks> phases, CollapsedStacks none, Set<String> ignoredTags,
                         List<String> skipped) {
        this.phases = phases;
        this.none = none;
        this.ignoredTags = ignoredTags;
        this.skipped = skipped;
    }

    /** Reads and adds up the samples of every file. */
    static PhaseProfile read(List<Path> jfrFiles) throws BadInputException {
        return read(jfrFiles, null);
    }

    /**
     * Reads and adds up the samples of every file taken within {@code window} (null: all of them), skipping the files
     * that cannot be read.
     *
     * @throws BadInputException when no file can be read
     */
    static PhaseProfile read(List<Path> jfrFiles, TimeWindow window) throws BadInputException {
        Map<Phase, CollapsedStacks> phases = new EnumMap<>(Phase.class);
        CollapsedStacks none = new CollapsedStacks();
        Set<String> ignored = new TreeSet<>();
        List<String> skipped = new ArrayList<>();
        BadInputException firstFailure = null;
        for (Path file : jfrFiles) {
            Map<Phase, CollapsedStacks> filePhases = new EnumMap<>(Phase.class);
            CollapsedStacks fileNone;
            try {
                fileNone = readFile(file, window, filePhases, ignored);
            } catch (BadInputException e) {
                skipped.add(e.getMessage());
                firstFailure = firstFailure == null ? e : firstFailure;
                continue;
            }
            for (Map.Entry<Phase, CollapsedStacks> e : filePhases.entrySet()) {
                CollapsedStacks sum = phases.get(e.getKey());
                if (sum == null) {
                    phases.put(e.getKey(), sum = new CollapsedStacks());
                }
                sum.addAll(e.getValue());
            }
            none.addAll(fileNone);
        }
        if (firstFailure != null && skipped.size() == jfrFiles.size()) {
            throw firstFailure;
        }
        return new PhaseProfile(phases, none, ignored, Collections.unmodifiableList(skipped));
    }

    /** One file's samples: into {@code phases} those in phase spans, returned those outside any. */
    private static CollapsedStacks readFile(Path file, TimeWindow window, Map<Phase, CollapsedStacks> phases,
                                            Set<String> ignored) throws BadInputException {
        CollapsedStacks all = samples(file, null, window);
        if (all.total() == 0) {
            return all; // nothing here (a rotated file outside the window): no pass per tag
        }
        CollapsedStacks inPhases = new CollapsedStacks();
        for (String tag : spanTags(file)) {
            Phase phase = Phase.byTag(tag);
            if (phase == null) {
                ignored.add(tag);
                continue;
            }
            CollapsedStacks tagged = samples(file, tag, window);
            if (tagged.total() == 0) {
                continue; // spans, but no sample in them (or none in the window)
            }
            inPhases.addAll(tagged);
            phases.put(phase, tagged);
        }
        return all.minus(inPhases);
    }

    /** The phases that have samples, in the order of {@link Phase}. */
    Set<Phase> phases() {
        return phases.keySet();
    }

    /** The samples of one phase, without the phase frame; empty when it has none. */
    CollapsedStacks phase(Phase phase) {
        CollapsedStacks s = phases.get(phase);
        return s == null ? new CollapsedStacks() : s;
    }

    CollapsedStacks none() {
        return none;
    }

    /** Span tags found that are no soapscope phase. */
    Set<String> ignoredTags() {
        return ignoredTags;
    }

    /** Why each file that could not be read was skipped, naming it. */
    List<String> skipped() {
        return skipped;
    }

    /** Prints one warning line per skipped file. */
    void warnSkipped(PrintStream out) {
        for (String why : skipped) {
            out.println("warning: " + why + "; skipped it (a recording cut short, as when its JVM was killed or its"
                    + " disk was full)");
        }
    }

    /** Every sample, rooted at its phase frame ({@code [phase:unmarshal];...}) or {@link PhaseFrame#NONE}. */
    CollapsedStacks rooted() {
        CollapsedStacks all = new CollapsedStacks();
        for (Map.Entry<Phase, CollapsedStacks> e : phases.entrySet()) {
            all.addAll(e.getValue().under(PhaseFrame.of(e.getKey())));
        }
        all.addAll(none.under(PhaseFrame.NONE));
        return all;
    }

    /**
     * The stacks a page draws: {@link #rooted()}, less the samples outside any phase span unless {@code showNone}
     * (30-60% of a server's samples are the JIT, GC and idle threads, which would crowd out the phases).
     */
    CollapsedStacks drawn(boolean showNone) {
        return showNone ? rooted() : rooted().withoutRoot(PhaseFrame.NONE);
    }

    /** The samples of one phase under its phase frame, so that its page shows it in its colour. */
    CollapsedStacks rootedPhase(Phase phase) {
        return phase(phase).under(PhaseFrame.of(phase));
    }

    /** The note of a page drawn from {@link #drawn}: what it left out, and how to draw it. */
    String drawnNote(boolean showNone, String howToShow) {
        long none = this.none.total();
        return showNone || none == 0 ? "" : FlamePage.noneHidden(none, rooted().total(), howToShow);
    }

    /**
     * The converter's stacks of one file: all samples, or those inside spans tagged {@code tag}; only those within
     * {@code window} unless it is null.
     */
    private static CollapsedStacks samples(Path file, String tag, TimeWindow window) throws BadInputException {
        Arguments args = new Arguments();
        args.output = "collapsed";
        args.norm = true; // generated class names (lambdas, hidden classes) compare equal between runs
        args.tag = tag;
        if (window != null) {
            window.applyTo(args);
        }
        try {
            return CollapsedStacks.of(JfrToFlame.parse(file.toString(), args));
        } catch (IOException | RuntimeException e) {
            throw unreadable(file, e);
        }
    }

    /** The distinct tags of the file's {@code profiler.Span} events, sorted. */
    private static Set<String> spanTags(Path file) throws BadInputException {
        Set<String> tags = new TreeSet<>();
        try (JfrReader jfr = new JfrReader(file.toString())) {
            for (SpanEvent e; (e = jfr.readEvent(SpanEvent.class)) != null; ) {
                if (e.tag != null) {
                    tags.add(e.tag);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw unreadable(file, e);
        }
        return tags;
    }

    private static BadInputException unreadable(Path file, Exception e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new BadInputException("cannot read " + file + " as a JFR recording: " + why, e);
    }
}
