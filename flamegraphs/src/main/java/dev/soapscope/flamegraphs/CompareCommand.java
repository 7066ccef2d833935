package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code compare BASE CUR [--threshold PCT] [--floor-us US] [--json FILE]}: per operation and phase, from the
 * two runs' {@code phases.json}, whether the current run's mean self time per request regressed, improved or
 * stayed (see {@link VerdictRule}). Markdown to standard output; JSON only when {@code --json} names a file.
 */
final class CompareCommand {
    private CompareCommand() {
    }

    /** Exit code: 1 when any phase regressed, else 0. */
    static int run(Run base, Run current, VerdictRule rule, Path json, PrintStream out)
            throws BadInputException, IOException {
        CompareReport report = CompareReport.of(base.phases(), current.phases(), rule);
        out.print(report.markdown());
        if (json != null) {
            Path parent = json.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(json, report.json(base.path().toString(), current.path().toString())
                    .getBytes(StandardCharsets.UTF_8));
        }
        return report.count(Verdict.REGRESSED) > 0 ? 1 : 0;
    }
}
