package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code diff BASE CUR --out FILE.html [--collapsed FILE] [--none show|hide]}: the differential flame graph of two
 * runs, phase frames at the root ({@code [phase:none]} left out of the page unless shown), sample counts divided by
 * each run's request count from its {@code phases.json}.
 */
final class DiffCommand {
    /** How a page that leaves out {@code [phase:none]} says to draw it. */
    static final String SHOW_NONE = "diff --none show";

    private DiffCommand() {
    }

    static void run(Run base, Run current, Path html, Path collapsed, boolean showNone, PrintStream out)
            throws BadInputException, IOException {
        long baseRequests = requests(base);
        long currentRequests = requests(current);
        PhaseProfile baseProfile = PhaseProfile.read(base.jfrFiles());
        baseProfile.warnSkipped(out);
        PhaseProfile currentProfile = PhaseProfile.read(current.jfrFiles());
        currentProfile.warnSkipped(out);
        DiffGraph diff = write(baseProfile, base.path().toString(), baseRequests, currentProfile,
                current.path().toString(), currentRequests, html, showNone);
        out.println("wrote " + html + " (samples per " + diff.unit() + " requests)");
        if (collapsed != null) {
            createParent(collapsed);
            diff.writeCollapsed(collapsed);
            out.println("wrote " + collapsed + " (stack, baseline, current per " + diff.unit() + " requests)");
        }
    }

    /**
     * Writes the differential page of two profiles, each with its request count (at least 1), titled with their
     * labels, {@code [phase:none]} drawn only when {@code showNone}; creates the page's directory when missing.
     */
    static DiffGraph write(PhaseProfile base, String baseLabel, long baseRequests, PhaseProfile current,
                           String currentLabel, long currentRequests, Path html, boolean showNone) throws IOException {
        if (baseRequests <= 0 || currentRequests <= 0) {
            throw new IllegalArgumentException("a differential graph needs at least one request on each side, not "
                    + baseRequests + " and " + currentRequests);
        }
        DiffGraph diff = DiffGraph.of(base.rooted(), baseRequests, current.rooted(), currentRequests);
        createParent(html);
        diff.writeHtml(html, "soapscope diff: " + currentLabel + " (" + currentRequests + " requests) vs "
                + baseLabel + " (" + baseRequests + " requests)", showNone, SHOW_NONE);
        return diff;
    }

    private static long requests(Run run) throws BadInputException {
        long n = run.phases().totalRequests();
        if (n <= 0) {
            throw new BadInputException(run.phases().file() + " counts no requests: cannot normalise per request");
        }
        return n;
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            FileErrors.createDirectories(parent);
        }
    }
}
