package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code flame RUN --out DIR}: {@code DIR/flame.html}, the whole run with each sample under its phase frame,
 * {@code DIR/flame-<tag>.html} for each phase that has samples, and {@code DIR/flame.collapsed}, the stacks of
 * {@code flame.html} with their sample counts.
 */
final class FlameCommand {
    static final String ALL_HTML = "flame.html";
    static final String ALL_COLLAPSED = "flame.collapsed";

    private FlameCommand() {
    }

    static String phaseHtml(Phase phase) {
        return "flame-" + phase.tag() + ".html";
    }

    static void run(Run run, Path outDir, PrintStream out) throws BadInputException, IOException {
        PhaseProfile profile = PhaseProfile.read(run.jfrFiles());
        String requests = "";
        if (run.hasPhases()) {
            requests = ", " + run.phases().totalRequests() + " requests";
        }
        Files.createDirectories(outDir);

        CollapsedStacks all = profile.rooted();
        long total = all.total();
        if (total == 0) {
            throw new BadInputException(run.path() + " holds no execution samples"
                    + " (record with async-profiler's cpu, itimer or wall event and JFR output)");
        }
        all.write(outDir.resolve(ALL_COLLAPSED));
        all.writeHtml(outDir.resolve(ALL_HTML),
                "soapscope: " + run.path() + " by phase (" + total + " samples" + requests + ")");
        out.println("wrote " + outDir.resolve(ALL_HTML) + " (" + total + " samples" + requests + ")");

        for (Phase phase : profile.phases()) {
            CollapsedStacks s = profile.phase(phase);
            Path file = outDir.resolve(phaseHtml(phase));
            s.writeHtml(file, "soapscope: " + run.path() + ", phase " + phase.tag() + " (" + s.total() + " samples"
                    + requests + ")");
            out.println("wrote " + file + " (" + share(s.total(), total) + " of the samples)");
        }
        out.println(share(profile.none().total(), total) + " of the samples are outside any phase span: "
                + PhaseFrame.NONE);
        if (!profile.ignoredTags().isEmpty()) {
            out.println("ignored spans tagged " + profile.ignoredTags() + ": no soapscope phase");
        }
    }

    private static String share(long part, long whole) {
        return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
