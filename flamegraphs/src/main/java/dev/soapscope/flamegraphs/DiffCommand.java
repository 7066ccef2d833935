package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code diff BASE CUR --out FILE.html [--collapsed FILE]}: the differential flame graph of two runs, phase
 * frames at the root, sample counts divided by each run's request count from its {@code phases.json}.
 */
final class DiffCommand {
    private DiffCommand() {
    }

    static void run(Run base, Run current, Path html, Path collapsed, PrintStream out)
            throws BadInputException, IOException {
        long baseRequests = requests(base);
        long currentRequests = requests(current);
        DiffGraph diff = DiffGraph.of(PhaseProfile.read(base.jfrFiles()).rooted(), baseRequests,
                PhaseProfile.read(current.jfrFiles()).rooted(), currentRequests);
        createParent(html);
        diff.writeHtml(html, "soapscope diff: " + current.path() + " (" + currentRequests + " requests) vs "
                + base.path() + " (" + baseRequests + " requests)");
        out.println("wrote " + html + " (samples per " + diff.unit() + " requests)");
        if (collapsed != null) {
            createParent(collapsed);
            diff.writeCollapsed(collapsed);
            out.println("wrote " + collapsed + " (stack, baseline, current per " + diff.unit() + " requests)");
        }
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
            Files.createDirectories(parent);
        }
    }
}
