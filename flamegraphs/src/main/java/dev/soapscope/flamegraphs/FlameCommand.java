package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code flame RUN --out DIR [--none show|hide]}: {@code DIR/flame.html}, the whole run with each sample under its
 * phase frame, {@code [phase:none]} left out unless shown; {@code DIR/flame-<tag>.html} for each phase that has samples;
 * and {@code DIR/flame.collapsed}, every stack of the run with its sample count, {@code [phase:none]} included.
 */
final class FlameCommand {
    static final String ALL_HTML = "flame.html";
    static final String ALL_COLLAPSED = "flame.collapsed";
    /** How a page that leaves out {@code [phase:none]} says to draw it. */
    static final String SHOW_NONE = "flame --none show";

    private FlameCommand() {
    }

    static String phaseHtml(Phase phase) {
        return "flame-" + phase.tag() + ".html";
    }

    static void run(Run run, Path outDir, boolean showNone, PrintStream out) throws BadInputException, IOException {
        PhaseProfile profile = PhaseProfile.read(run.jfrFiles());
        profile.warnSkipped(out);
        long requests = run.hasPhases() ? run.phases().totalRequests() : -1;
        FlameGraphs.Pages pages = write(profile, outDir, run.path().toString(), requests, showNone);
        long total = pages.samples();
        out.println("wrote " + pages.all() + " (" + total + " samples" + requests(requests) + ")");
        for (Phase phase : profile.phases()) {
            out.println("wrote " + pages.phases().get(phase.tag()) + " (" + share(profile.phase(phase).total(), total)
                    + " of the samples)");
        }
        out.println(share(profile.none().total(), total) + " of the samples are outside any phase span: "
                + PhaseFrame.NONE + (showNone || profile.none().total() == 0 ? ""
                : " (not drawn in " + ALL_HTML + "; --none show draws them)"));
        if (!profile.ignoredTags().isEmpty()) {
            out.println("ignored spans tagged " + profile.ignoredTags() + ": no soapscope phase");
        }
    }

    /**
     * Writes the pages of a profile into {@code outDir} (created when missing), titled with {@code label} and, when
     * not negative, the request count; {@code [phase:none]} drawn only when {@code showNone}.
     *
     * @throws BadInputException when the profile holds no samples
     */
    static FlameGraphs.Pages write(PhaseProfile profile, Path outDir, String label, long requests, boolean showNone)
            throws BadInputException, IOException {
        CollapsedStacks all = profile.rooted();
        long total = all.total();
        if (total == 0) {
            throw new BadInputException(label + " holds no execution samples"
                    + " (record with async-profiler's cpu, itimer or wall event and JFR output)");
        }
        FileErrors.createDirectories(outDir);
        all.write(outDir.resolve(ALL_COLLAPSED));
        Path allHtml = outDir.resolve(ALL_HTML);
        profile.drawn(showNone).writeHtml(allHtml, "soapscope: " + label + " by phase (" + total + " samples"
                + requests(requests) + ")", profile.drawnNote(showNone, SHOW_NONE));

        Map<String, Path> phases = new LinkedHashMap<>();
        Map<String, Long> phaseSamples = new LinkedHashMap<>();
        for (Phase phase : profile.phases()) {
            CollapsedStacks s = profile.rootedPhase(phase);
            Path file = outDir.resolve(phaseHtml(phase));
            s.writeHtml(file, "soapscope: " + label + ", phase " + phase.tag() + " (" + s.total() + " samples"
                    + requests(requests) + ")", "");
            phases.put(phase.tag(), file);
            phaseSamples.put(phase.tag(), s.total());
        }
        return new FlameGraphs.Pages(allHtml, total, phases, phaseSamples, profile.none().total());
    }

    private static String requests(long requests) {
        return requests < 0 ? "" : ", " + requests + " requests";
    }

    private static String share(long part, long whole) {
        return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
