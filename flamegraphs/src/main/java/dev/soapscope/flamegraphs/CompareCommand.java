package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code compare BASE CUR [--threshold PCT] [--floor-us US] [--floor-bytes B] [--min-requests N] [--signals LIST]
 * [--json FILE]}:
 * per operation and phase, whether the current run's wall self time, allocated bytes (both from the runs'
 * {@code phases.json}) and CPU time (from their CPU profiles) per request regressed, improved or stayed (see
 * {@link VerdictRule}, {@link Signal}). Markdown to standard output; JSON only when {@code --json} names a file.
 */
final class CompareCommand {
    private CompareCommand() {
    }

    /** Exit code: 1 when any phase regressed, else 0. */
    static int run(Run base, Run current, VerdictRule rule, Path json, PrintStream out)
            throws BadInputException, IOException {
        boolean cpu = rule.signals.contains(Signal.CPU);
        CompareReport report = CompareReport.of(base.phases(), current.phases(),
                cpu ? PhaseCpu.of(base) : PhaseCpu.none("left out by --signals"),
                cpu ? PhaseCpu.of(current) : PhaseCpu.none("left out by --signals"), rule);
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
