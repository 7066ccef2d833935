package dev.soapscope.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Webapp;
import dev.soapscope.demo.scenario.mtom.HeapLadder;

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
        Map<Webapp, Path> wars,
        Path clientKits,
        TransferSettings transfer,
        boolean flamegraphs,
        boolean heapLadder,
        List<String> jvmOptions,
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
    /** Where the build leaves the client kits of the stacks not in the runner jar ({@code KIT/target/lib}). */
    public static final Path DEFAULT_CLIENT_KITS = Path.of("demo-webapps", "clients");
    /** The largest echo payload the options accept (the server has -Xmx1g, and base64 inflates by 4/3 each way). */
    static final int MAX_ECHO_SIZE = 32 * 1024 * 1024;

    public static final String USAGE = String.join("\n",
            "usage: java -jar soapscope-demo.jar [options]",
            "",
            "Starts Tomcat with the soapscope agent in a forked JVM (Tomcat 11, then Tomcat 9 for the javax demos),",
            "deploys the demo WARs the scenarios need, drives each scenario and writes report.md, report.json and",
            "report.html.",
            "",
            "  --scenario NAME[,NAME]  scenarios or groups to run (default: all); e.g. payload-caching,",
            "                          payload-caching/saaj,payload-caching/axiom-streaming; mtom (the groups mtom",
            "                          and mtom-echo), mtom-echo, mtom/base64",
            "  --requests N            measured requests per scenario (default " + DEFAULT_REQUESTS + ")",
            "  --concurrency C         concurrent keep-alive connections (default " + DEFAULT_CONCURRENCY + ")",
            "  --warmup N              warm-up requests per scenario, not measured (default " + DEFAULT_WARMUP + "); the",
            "                          mtom scenarios do one warm-up run of every size unless N is 0",
            "  --quick                 about a minute per group: " + QUICK_REQUESTS + " requests at concurrency "
                    + QUICK_CONCURRENCY + ", warm-up " + QUICK_WARMUP + ";",
            "                          mtom: fetch sizes " + join(TransferSettings.QUICK_FETCH_SIZES) + ", echo sizes "
                    + sizes(TransferSettings.QUICK_ECHO_SIZES) + ", " + TransferSettings.QUICK_RUNS
                    + " run each (explicit options win)",
            "  --fetch-sizes N[,N]     mtom: fetch sizes (default " + join(TransferSettings.DEFAULT_FETCH_SIZES) + ")",
            "  --tuples N              mtom: tuples per query, at most " + Tuples.PER_QUERY + " (default "
                    + TransferSettings.DEFAULT_TUPLES + ")",
            "  --echo-sizes S[,S]      mtom-echo: payload sizes in bytes, K or M (default "
                    + sizes(TransferSettings.DEFAULT_ECHO_SIZES) + ")",
            "  --runs N                mtom: measured runs per size, their mean reported (default "
                    + TransferSettings.DEFAULT_RUNS + ")",
            "  --out DIR               where the reports go (default ./" + DEFAULT_OUT + "); flame graphs in",
            "                          DIR/flamegraphs, each server's profile in DIR/profile (Tomcat 9's:",
            "                          DIR/profile-tomcat9)",
            "  --no-flamegraphs        do not profile the server (it runs under async-profiler, cpu every 10 ms,",
            "                          otherwise) and draw no flame graphs",
            "  --no-heap-ladder        mtom: skip the heap ladder (per fetch scenario, the smallest server -Xmx of",
            "                          " + HeapLadder.RUNGS_MB + " MB that completes fetch size " + HeapLadder.FETCH_SIZE
                    + ", a fresh server per try)",
            "  --agent PATH            the agent jar (default ./" + slashed(DEFAULT_AGENT) + ")",
            warOptions(),
            "  --client-kits DIR       the Metro, Spring-WS, Axis2 and Axis 1.4 clients' jars, in DIR/KIT/target/lib",
            "                          (default ./" + slashed(DEFAULT_CLIENT_KITS) + ")",
            "  --jvm-option OPT        a JVM option for every JVM the runner forks (servers and clients), once per",
            "                          option: --jvm-option -XX:TieredStopAtLevel=1 starts them quicker (the tests do)",
            "  --help                  this text",
            "",
            "--requests 2000 --concurrency 200 reproduces the classic setup.",
            "Exit status: 0 done, 1 some requests failed or the server did not start, 2 bad options or missing files.");

    /** One line per demo WAR: {@code --mtom-war PATH  the mtom WAR (default ./demo-webapps/mtom/target/mtom.war)}. */
    private static String warOptions() {
        List<String> lines = new ArrayList<>();
        for (Webapp w : Webapp.values()) {
            lines.add(String.format(Locale.ROOT, "  %-22s  the %s WAR (default ./%s)", w.option() + " PATH",
                    w.name().toLowerCase(Locale.ROOT).replace('_', '-'), slashed(w.defaultWar())));
        }
        return String.join("\n", lines);
    }

    /** The jars of {@code kit}'s client JVM, in the order they go first on its class path; empty when not built. */
    public List<Path> clientKit(String kit) throws java.io.IOException {
        Path lib = clientKits.resolve(kit).resolve("target").resolve("lib");
        if (!java.nio.file.Files.isDirectory(lib)) {
            return List.of();
        }
        try (var jars = java.nio.file.Files.list(lib)) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** The WAR to deploy for {@code webapp}: its option's, else where the build leaves it. */
    public Path war(Webapp webapp) {
        return wars.getOrDefault(webapp, webapp.defaultWar());
    }

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
        boolean flamegraphs = true;
        boolean heapLadder = true;
        Path out = DEFAULT_OUT;
        Path agent = DEFAULT_AGENT;
        Path clientKits = DEFAULT_CLIENT_KITS;
        Map<Webapp, Path> wars = new EnumMap<>(Webapp.class);
        List<Integer> fetchSizes = null;
        List<Integer> echoSizes = null;
        Integer tuples = null;
        Integer runs = null;
        List<String> jvmOptions = new ArrayList<>();
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
                case "--no-flamegraphs" -> flamegraphs = false;
                case "--no-heap-ladder" -> heapLadder = false;
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
                case "--client-kits" -> clientKits = path(name, inline != null ? inline : value(args, i++, name));
                case "--fetch-sizes" -> fetchSizes = list(name, inline != null ? inline : value(args, i++, name),
                        1, Tuples.PER_QUERY, false);
                case "--echo-sizes" -> echoSizes = list(name, inline != null ? inline : value(args, i++, name),
                        1, MAX_ECHO_SIZE, true);
                case "--tuples" -> {
                    tuples = positive(name, inline != null ? inline : value(args, i++, name), 1);
                    if (tuples > Tuples.PER_QUERY) {
                        throw new BadOption(name + " wants at most " + Tuples.PER_QUERY + ", got: " + tuples);
                    }
                }
                case "--runs" -> runs = positive(name, inline != null ? inline : value(args, i++, name), 1);
                case "--jvm-option" -> {
                    String option = inline != null ? inline : value(args, i++, name);
                    if (!option.startsWith("-")) {
                        throw new BadOption(name + " wants one JVM option starting with -, such as -Xss2m; got: " + option);
                    }
                    jvmOptions.add(option);
                }
                default -> {
                    Webapp webapp = Webapp.byOption(name);
                    if (webapp == null) {
                        throw new BadOption("unknown option: " + arg);
                    }
                    wars.put(webapp, path(name, inline != null ? inline : value(args, i++, name)));
                }
            }
        }
        int n = requests != null ? requests : quick ? QUICK_REQUESTS : DEFAULT_REQUESTS;
        int c = concurrency != null ? concurrency : quick ? QUICK_CONCURRENCY : DEFAULT_CONCURRENCY;
        int w = warmup != null ? warmup : quick ? QUICK_WARMUP : DEFAULT_WARMUP;
        if (c > 10_000) {
            throw new BadOption("--concurrency " + c + " is more connections than one machine should open; at most 10000");
        }
        TransferSettings transfer = new TransferSettings(
                fetchSizes != null ? fetchSizes
                        : quick ? TransferSettings.QUICK_FETCH_SIZES : TransferSettings.DEFAULT_FETCH_SIZES,
                tuples != null ? tuples : TransferSettings.DEFAULT_TUPLES,
                echoSizes != null ? echoSizes
                        : quick ? TransferSettings.QUICK_ECHO_SIZES : TransferSettings.DEFAULT_ECHO_SIZES,
                runs != null ? runs : quick ? TransferSettings.QUICK_RUNS : TransferSettings.DEFAULT_RUNS,
                w > 0);
        return new Options(scenarios, n, c, w, quick, out, agent, Map.copyOf(wars), clientKits, transfer, flamegraphs,
                heapLadder, List.copyOf(jvmOptions), help);
    }

    /** Whole numbers separated by commas, each in [min, max], in the order given, each once; K and M when sized. */
    private static List<Integer> list(String name, String value, int min, int max, boolean sized) throws BadOption {
        List<Integer> out = new ArrayList<>();
        for (String part : value.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            long n = sized ? size(p) : number(p);
            if (n < min || n > max) {
                throw new BadOption(name + " wants " + (sized ? "sizes" : "whole numbers") + " from " + min + " to "
                        + max + ", got: " + p);
            }
            if (!out.contains((int) n)) {
                out.add((int) n);
            }
        }
        if (out.isEmpty()) {
            throw new BadOption(name + " wants one or more " + (sized ? "sizes" : "numbers") + " separated by commas");
        }
        return out;
    }

    private static long number(String p) {
        try {
            return Long.parseLong(p);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** {@code 32768}, {@code 32K}, {@code 32KB}, {@code 12M}, {@code 12MB} (1024-based); -1 when not a size. */
    static long size(String p) {
        String s = p.toUpperCase(Locale.ROOT);
        if (s.endsWith("B") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
            s = s.substring(0, s.length() - 1);
        }
        long unit = 1;
        if (s.endsWith("K")) {
            unit = 1024;
        } else if (s.endsWith("M")) {
            unit = 1024 * 1024;
        }
        String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
        long n = number(digits.trim());
        return n < 0 || n > Integer.MAX_VALUE / unit ? -1 : n * unit;
    }

    private static String join(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }

    /** {@code 32K,1M,12M}. */
    static String sizes(List<Integer> values) {
        List<String> out = new ArrayList<>();
        for (int v : values) {
            out.add(v % (1024 * 1024) == 0 ? v / (1024 * 1024) + "M" : v % 1024 == 0 ? v / 1024 + "K" : String.valueOf(v));
        }
        return String.join(",", out);
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
