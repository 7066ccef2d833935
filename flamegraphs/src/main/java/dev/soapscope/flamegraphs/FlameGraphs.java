package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Flame graphs for callers in code rather than on the command line: one page served directly (the agent's
 * {@code /flamegraph}), and the {@code flame} and {@code diff} commands' pages for parts of a run (the demo runner:
 * one time window per scenario of a continuously profiled server, request counts from its own client).
 */
public final class FlameGraphs {
    private FlameGraphs() {
    }

    /** How the agent's page that leaves out {@code [phase:none]} says to draw it. */
    static final String SHOW_NONE = "none=show in the address";

    /**
     * The flame graph of a JFR recording: all phases, each under its {@code [phase:...]} root frame, the samples
     * outside any phase ({@code [phase:none]}) only when {@code showNone}; or only the samples of {@code phase} when it
     * is not null.
     *
     * @throws IllegalArgumentException with a message for a user when the recording holds no usable samples
     */
    public static String html(Path jfr, Phase phase, boolean showNone) throws IOException {
        PhaseProfile profile;
        try {
            profile = PhaseProfile.read(Collections.singletonList(jfr));
        } catch (BadInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (profile.rooted().total() == 0) {
            throw new IllegalArgumentException("no samples were taken");
        }
        CollapsedStacks stacks = phase == null ? profile.drawn(showNone) : profile.rootedPhase(phase);
        if (stacks.total() == 0) {
            throw new IllegalArgumentException(phase == null ? "no samples fell in a request phase (was the server busy?);"
                    + " " + SHOW_NONE + " draws the samples outside them"
                    : "no samples fell in phase " + phase.tag() + " (was the server busy with it?)");
        }
        Path html = Files.createTempFile("soapscope-flame-", ".html");
        try {
            stacks.writeHtml(html, "soapscope: " + (phase == null ? "all phases" : "phase " + phase.tag()) + " ("
                    + stacks.total() + " samples)", phase == null ? profile.drawnNote(showNone, SHOW_NONE) : "");
            return new String(Files.readAllBytes(html), StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(html);
        }
    }

    /** The {@code *.jfr} files of a run directory (all of them, when the agent rotated), sorted; maybe none. */
    public static List<Path> jfrFiles(Path runDir) throws BadInputException {
        return Run.jfrFilesIn(runDir);
    }

    /**
     * The samples of {@code jfrFiles} taken within {@code window} (null: all), added up and split by phase.
     *
     * @throws BadInputException when a file cannot be read as a JFR recording
     */
    public static Profile read(List<Path> jfrFiles, TimeWindow window) throws BadInputException {
        return new Profile(PhaseProfile.read(jfrFiles, window));
    }

    /**
     * The differential page of two profiles, normalised per request with the request counts given (each at least 1),
     * as {@code diff} draws it: {@code current} against {@code base}, red grew, blue shrank, yellow only in
     * {@code current}; {@code [phase:none]} left out, as {@code diff} draws it by default. Creates the page's directory
     * when missing.
     *
     * @return the unit: the page's counts are samples per this many requests
     */
    public static long writeDiff(Profile base, String baseLabel, long baseRequests, Profile current,
                                 String currentLabel, long currentRequests, Path html) throws IOException {
        return DiffCommand.write(base.profile, baseLabel, baseRequests, current.profile, currentLabel, currentRequests,
                html, false).unit();
    }

    /** A profile's samples split by phase, read once; write its pages, or diff it against another. */
    public static final class Profile {
        private final PhaseProfile profile;
        private final long samples;

        Profile(PhaseProfile profile) {
            this.profile = profile;
            this.samples = profile.rooted().total();
        }

        /** Every sample, in a phase or not. */
        public long samples() {
            return samples;
        }

        /** Tags of the phases that have samples, in the agent's phase order. */
        public List<String> phases() {
            List<String> tags = new ArrayList<>();
            for (Phase p : profile.phases()) {
                tags.add(p.tag());
            }
            return tags;
        }

        /**
         * Writes what {@code flame} writes into {@code dir} (created when missing): {@code flame.html} (without
         * {@code [phase:none]}, as {@code flame} draws it by default), one {@code flame-<tag>.html} per phase with
         * samples, and {@code flame.collapsed}; the titles name {@code label} and, unless negative, {@code requests}.
         *
         * @throws BadInputException when the profile holds no samples
         */
        public Pages writePages(Path dir, String label, long requests) throws BadInputException, IOException {
            return FlameCommand.write(profile, dir, label, requests, false);
        }
    }

    /** The pages {@link Profile#writePages} wrote. */
    public static final class Pages {
        private final Path all;
        private final long samples;
        private final Map<String, Path> phases;
        private final Map<String, Long> phaseSamples;
        private final long noneSamples;

        Pages(Path all, long samples, Map<String, Path> phases, Map<String, Long> phaseSamples, long noneSamples) {
            this.all = all;
            this.samples = samples;
            this.phases = Collections.unmodifiableMap(phases);
            this.phaseSamples = Collections.unmodifiableMap(phaseSamples);
            this.noneSamples = noneSamples;
        }

        /** {@code flame.html}: every sample under its phase frame. */
        public Path all() {
            return all;
        }

        public long samples() {
            return samples;
        }

        /** Phase tag to its {@code flame-<tag>.html}, in the agent's phase order. */
        public Map<String, Path> phases() {
            return phases;
        }

        /** Phase tag to its samples. */
        public Map<String, Long> phaseSamples() {
            return phaseSamples;
        }

        /** Samples outside any phase span ({@code [phase:none]}). */
        public long noneSamples() {
            return noneSamples;
        }
    }
}
