package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The run commands: {@code flame}, {@code diff} and {@code compare}. The agent's
 * {@code java -jar soapscope-agent.jar <command>} delegates here. Exit codes: 0 done, 1 {@code compare}
 * found a regression, 2 the input or arguments do not fit (one message on the error stream).
 */
public final class Cli {
    static final int OK = 0;
    static final int REGRESSED = 1;
    static final int BAD_INPUT = 2;

    static final String USAGE = ""
            + "usage: java -jar soapscope-agent.jar flame RUN --out DIR [--none show|hide]\n"
            + "       java -jar soapscope-agent.jar diff BASE CUR --out FILE.html [--collapsed FILE] [--none show|hide]\n"
            + "       java -jar soapscope-agent.jar compare BASE CUR [--threshold PCT] [--floor-us US] [--floor-bytes B]\n"
            + "           [--min-requests N] [--signals wall,alloc,cpu] [--json FILE]\n"
            + "A run is a directory with the agent's phases.json and async-profiler *.jfr files (flame also takes a\n"
            + "single .jfr file, compare a single phases.json). Exit codes: 0 done, 1 compare found a regression,\n"
            + "2 bad input. --none show draws the samples outside any request phase ([phase:none]: the JIT, GC, threads\n"
            + "between requests), which the pages leave out by default.\n";

    private Cli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(USAGE);
            return BAD_INPUT;
        }
        try {
            switch (args[0]) {
                case "flame":
                    return flame(args, out);
                case "diff":
                    return diff(args, out);
                case "compare":
                    return compare(args, out);
                case "help":
                case "--help":
                case "-h":
                    out.print(USAGE);
                    return OK;
                default:
                    throw new CommandLine.UsageException("unknown command " + args[0]);
            }
        } catch (CommandLine.HelpRequested e) {
            out.print(CommandLine.usageOf(USAGE, args[0]));
            return OK;
        } catch (CommandLine.UsageException e) {
            err.println("soapscope: " + e.getMessage());
            err.print(USAGE);
            return BAD_INPUT;
        } catch (BadInputException e) {
            err.println("soapscope: " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException e) {
            err.println("soapscope: " + FileErrors.describe(e));
            return BAD_INPUT;
        }
    }

    private static int flame(String[] args, PrintStream out)
            throws CommandLine.UsageException, BadInputException, IOException {
        CommandLine a = CommandLine.parse(args, "--out", "--none");
        List<String> runs = a.positional("RUN");
        Path dir = Paths.get(a.required("--out"));
        FlameCommand.run(Run.at(runs.get(0)), dir, a.showNone("--none"), out);
        return OK;
    }

    private static int diff(String[] args, PrintStream out)
            throws CommandLine.UsageException, BadInputException, IOException {
        CommandLine a = CommandLine.parse(args, "--out", "--collapsed", "--none");
        List<String> runs = a.positional("BASE", "CUR");
        Path html = Paths.get(a.required("--out"));
        String collapsed = a.optional("--collapsed");
        DiffCommand.run(Run.at(runs.get(0)), Run.at(runs.get(1)), html,
                collapsed == null ? null : Paths.get(collapsed), a.showNone("--none"), out);
        return OK;
    }

    private static int compare(String[] args, PrintStream out)
            throws CommandLine.UsageException, BadInputException, IOException {
        CommandLine a = CommandLine.parse(args, "--threshold", "--floor-us", "--floor-bytes", "--min-requests",
                "--signals", "--json");
        List<String> runs = a.positional("BASE", "CUR");
        VerdictRule rule = new VerdictRule(a.nonNegative("--threshold", VerdictRule.DEFAULT_THRESHOLD_PCT),
                a.nonNegative("--floor-us", VerdictRule.DEFAULT_FLOOR_US),
                a.nonNegative("--floor-bytes", VerdictRule.DEFAULT_FLOOR_BYTES),
                a.count("--min-requests", VerdictRule.DEFAULT_MIN_REQUESTS), a.signals("--signals"));
        String json = a.optional("--json");
        int code = CompareCommand.run(Run.at(runs.get(0)), Run.at(runs.get(1)), rule,
                json == null ? null : Paths.get(json), out);
        return code == 0 ? OK : REGRESSED;
    }
}
