package dev.soapscope.demo;

import java.nio.file.Path;
import java.util.List;

/**
 * The runner's command line. {@link #parse} never exits; a bad option is a {@link BadOption} whose message is the one
 * line to print before the usage.
 */
public record Options(
        List<String> scenarios,
        int requests,
        int concurrency,
        int warmup,
        boolean quick,
        Path out,
        Path agentJar,
        Path war,
        boolean help) {

    public static final int DEFAULT_REQUESTS = 2000;
    public static final int DEFAULT_CONCURRENCY = 16;
    public static final int DEFAULT_WARMUP = 300;
    /** --quick: about a minute for the three payload-caching scenarios on 2 cores, server start included. */
    public static final int QUICK_REQUESTS = 500;
    public static final int QUICK_CONCURRENCY = 8;
    public static final int QUICK_WARMUP = 300;

    public static final Path DEFAULT_OUT = Path.of("soapscope-report");
    public static final Path DEFAULT_AGENT = Path.of("agent", "target", "soapscope-agent.jar");
    public static final Path DEFAULT_WAR = Path.of("demo-webapps", "payload-caching", "target", "payload-caching.war");

    public static final String USAGE = String.join("\n",
            "usage: java -jar soapscope-demo.jar [options]",
            "",
            "Starts Tomcat 11 with the soapscope agent in a forked JVM, deploys the demo WAR, drives each scenario",
            "and writes report.md, report.json and report.html.",
            "",
            "  --scenario NAME[,NAME]  scenarios or groups to run (default: all); e.g. payload-caching,",
            "                          payload-caching/saaj,payload-caching/axiom-streaming",
            "  --requests N            measured requests per scenario (default " + DEFAULT_REQUESTS + ")",
            "  --concurrency C         concurrent keep-alive connections (default " + DEFAULT_CONCURRENCY + ")",
            "  --warmup N              warm-up requests per scenario, not measured (default " + DEFAULT_WARMUP + ")",
            "  --quick                 about a minute in all: " + QUICK_REQUESTS + " requests at concurrency "
                    + QUICK_CONCURRENCY + ", warm-up " + QUICK_WARMUP + " (explicit options win)",
            "  --out DIR               where the reports go (default ./" + DEFAULT_OUT + ")",
            "  --agent PATH            the agent jar (default ./" + slashed(DEFAULT_AGENT) + ")",
            "  --war PATH              the demo WAR (default ./" + slashed(DEFAULT_WAR) + ")",
            "  --help                  this text",
            "",
            "--requests 2000 --concurrency 200 reproduces the classic setup.",
            "Exit status: 0 done, 1 some requests failed or the server did not start, 2 bad options or missing files.");

    /** A bad command line: the message is one line saying what is wrong. */
    public static final class BadOption extends Exception {
        private static final long serialVersionUID = 1L;

        BadOption(String message) {
            super(message);
        }
    }

    public static Options parse(String... args) throws BadOption {
        List<String> scenarios = List.of();
        Integer requests = null;
        Integer concurrency = null;
        Integer warmup = null;
        boolean quick = false;
        boolean help = false;
        Path out = DEFAULT_OUT;
        Path agent = DEFAULT_AGENT;
        Path war = DEFAULT_WAR;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            switch (name) {
                case "--help", "-h" -> help = true;
                case "--quick" -> quick = true;
                case "--scenario", "--scenarios" -> {
                    String value = inline != null ? inline : value(args, i++, name);
                    scenarios = List.of(value.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
                    if (scenarios.isEmpty()) {
                        throw new BadOption(name + " wants one or more scenario names separated by commas");
                    }
                }
                case "--requests" -> requests = positive(name, inline != null ? inline : value(args, i++, name), 1);
                case "--concurrency" -> concurrency = positive(name, inline != null ? inline : value(args, i++, name), 1);
                case "--warmup" -> warmup = positive(name, inline != null ? inline : value(args, i++, name), 0);
                case "--out" -> out = path(name, inline != null ? inline : value(args, i++, name));
                case "--agent" -> agent = path(name, inline != null ? inline : value(args, i++, name));
                case "--war" -> war = path(name, inline != null ? inline : value(args, i++, name));
                default -> throw new BadOption("unknown option: " + arg);
            }
        }
        int n = requests != null ? requests : quick ? QUICK_REQUESTS : DEFAULT_REQUESTS;
        int c = concurrency != null ? concurrency : quick ? QUICK_CONCURRENCY : DEFAULT_CONCURRENCY;
        int w = warmup != null ? warmup : quick ? QUICK_WARMUP : DEFAULT_WARMUP;
        if (c > 10_000) {
            throw new BadOption("--concurrency " + c + " is more connections than one machine should open; at most 10000");
        }
        return new Options(scenarios, n, c, w, quick, out, agent, war, help);
    }

    private static String value(String[] args, int i, String name) throws BadOption {
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
            throw new BadOption(name + " wants a value");
        }
        return args[i + 1];
    }

    private static int positive(String name, String value, int min) throws BadOption {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadOption(name + " wants a whole number " + (min == 0 ? "of 0 or more" : "of " + min + " or more")
                + ", got: " + value);
    }

    private static Path path(String name, String value) throws BadOption {
        if (value.isBlank()) {
            throw new BadOption(name + " wants a path");
        }
        return Path.of(value);
    }

    private static String slashed(Path p) {
        return p.toString().replace('\\', '/');
    }
}
