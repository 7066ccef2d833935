package dev.soapscope.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.agent.AgentClient;
import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.load.LoadDriver;
import dev.soapscope.demo.load.LoadResult;
import dev.soapscope.demo.load.Progress;
import dev.soapscope.demo.profile.FlameGraphWriter;
import dev.soapscope.demo.report.Flames;
import dev.soapscope.demo.report.ConsoleTable;
import dev.soapscope.demo.report.HtmlReport;
import dev.soapscope.demo.report.JsonReport;
import dev.soapscope.demo.report.MarkdownReport;
import dev.soapscope.demo.report.Report;
import dev.soapscope.demo.report.RunInfo;
import dev.soapscope.demo.report.ScenarioResult;
import dev.soapscope.demo.report.TransferFigures;
import dev.soapscope.demo.scenario.PreparedRequest;
import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.Webapp;
import dev.soapscope.demo.scenario.Workload;

/**
 * {@code java -jar soapscope-demo.jar}: start the server with the agent, warm up and drive each scenario, read the
 * agent's figures, print the table and write the reports. See {@link Options#USAGE}.
 */
public final class Main {

    static final String BUILD_FIRST = "run `mvn -q -B -DskipTests package` first";
    /** Distinct requests per scenario (their line counts differ), sent in turn. */
    private static final int REQUEST_VARIANTS = 9;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The whole run; returns the exit status (0 done, 1 failed requests or no server, 2 bad options or files). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        List<Scenario> scenarios;
        try {
            options = Options.parse(args);
            scenarios = Scenarios.select(options.scenarios());
        } catch (Options.BadOption | IllegalArgumentException e) {
            err.println("soapscope-demo: " + e.getMessage());
            err.println(Options.USAGE);
            return 2;
        }
        if (options.help()) {
            out.println(Options.USAGE);
            return 0;
        }
        if (!Files.isRegularFile(options.agentJar())) {
            err.println("soapscope-demo: no agent jar at " + options.agentJar().toAbsolutePath() + ": " + BUILD_FIRST
                    + " (or pass --agent PATH)");
            return 2;
        }
        Map<String, Path> wars = new LinkedHashMap<>();
        for (Webapp webapp : webapps(scenarios)) {
            Path war = webapp == Webapp.MTOM ? options.mtomWar() : options.war();
            if (!Files.isRegularFile(war)) {
                err.println("soapscope-demo: no demo WAR at " + war.toAbsolutePath() + ": " + BUILD_FIRST
                        + " (or pass " + (webapp == Webapp.MTOM ? "--mtom-war" : "--war") + " PATH)");
                return 2;
            }
            wars.put(webapp.context(), war);
        }
        try {
            return runAll(options, scenarios, wars, out, err);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("soapscope-demo: interrupted");
            return 1;
        } catch (IOException e) {
            err.println("soapscope-demo: " + e);
            return 1;
        }
    }

    /** The WARs the scenarios need, payload-caching first. */
    static List<Webapp> webapps(List<Scenario> scenarios) {
        return List.of(Webapp.values()).stream().filter(w -> scenarios.stream().anyMatch(s -> s.webapp() == w)).toList();
    }

    private static int runAll(Options options, List<Scenario> scenarios, Map<String, Path> wars, PrintStream out,
                              PrintStream err) throws IOException, InterruptedException {
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long t0 = System.nanoTime();
        Path dir = options.out();
        Files.createDirectories(dir);
        Path log = dir.resolve("server.log");
        boolean anyLoad = scenarios.stream().anyMatch(s -> !s.isWorkload());
        boolean anyTransfer = scenarios.stream().anyMatch(Scenario::isWorkload);
        Path profileDir = null;
        String notProfiled = null;
        if (!options.flamegraphs()) {
            notProfiled = "not profiled (--no-flamegraphs)";
        } else if (dir.toAbsolutePath().toString().contains(",")) {
            notProfiled = "not profiled: the agent's options cannot carry a directory with a comma ("
                    + dir.toAbsolutePath() + ")";
        } else {
            try {
                profileDir = FlameGraphWriter.prepare(dir);
            } catch (IOException e) {
                notProfiled = "not profiled: cannot prepare " + dir.resolve(FlameGraphWriter.PROFILE_DIR) + ": " + e;
            }
        }
        out.printf(Locale.ROOT, "soapscope demo: %d scenario%s%s%s%nstarting Tomcat 11 with the agent in a forked JVM%s, "
                        + "WAR%s %s (its output: %s)%n",
                scenarios.size(), scenarios.size() == 1 ? "" : "s",
                anyLoad ? String.format(Locale.ROOT, "; load-driven: %d requests each at concurrency %d after %d "
                        + "warm-up requests", options.requests(), options.concurrency(), options.warmup()) : "",
                anyTransfer ? "; " + transferSummary(options, scenarios) : "",
                profileDir != null ? " (profiled for flame graphs: " + FlameGraphWriter.SAMPLING + ")" : "",
                wars.size() == 1 ? "" : "s", String.join(", ", wars.entrySet().stream()
                        .map(e -> e.getValue().getFileName() + " at " + (e.getKey().isEmpty() ? "/" : e.getKey()))
                        .toList()), log);
        ServerProcess server;
        try {
            server = ServerProcess.start(options.agentJar(), wars, Math.max(200, options.concurrency() + 8), log,
                    profileDir);
        } catch (ServerProcess.StartFailure e) {
            err.println("soapscope-demo: " + e.getMessage());
            return 1;
        }
        List<ScenarioResult> results = new ArrayList<>();
        Map<String, FlameGraphWriter.Window> windows = new LinkedHashMap<>();
        String probes;
        try {
            out.printf(Locale.ROOT, "server ready on port %d after %.1f s; agent endpoint %s%n", server.port(),
                    (System.nanoTime() - t0) / 1e9, server.agentEndpoint());
            probes = server.agentProbes();
            LoadDriver driver = new LoadDriver("127.0.0.1", server.port());
            AgentClient agent = new AgentClient(server.agentEndpoint());
            URI base = URI.create("http://127.0.0.1:" + server.port());
            Progress progress = Progress.on(out);
            // all warm-ups first: the JIT has seen every stack before any is measured, so running first is no handicap
            Map<Scenario, Integer> warmupErrors = new LinkedHashMap<>();
            for (Scenario scenario : scenarios) {
                warmupErrors.put(scenario, scenario.isWorkload() ? warmUpWorkload(scenario, options, base, out, err)
                        : warmUp(scenario, options, driver, progress, err));
            }
            for (Scenario scenario : scenarios) {
                results.add(scenario.isWorkload()
                        ? measureWorkload(scenario, options, base, agent, server, warmupErrors.get(scenario), windows,
                                out, err)
                        : measure(scenario, options, driver, agent, progress, server, warmupErrors.get(scenario),
                                windows, err));
            }
        } finally {
            server.close();
        }

        Flames flames;
        if (profileDir == null) {
            flames = Flames.none(null, notProfiled, null);
        } else {
            out.println();
            long f0 = System.nanoTime();
            flames = FlameGraphWriter.write(dir, server.profiling(), results, windows, Scenarios.pairs(), out);
            out.printf(Locale.ROOT, "%s (%.1f s)%n", flamesSummary(dir, flames), (System.nanoTime() - f0) / 1e9);
        }

        Report report = new Report(new RunInfo(version(), started, (System.nanoTime() - t0) / 1e9, options.requests(),
                options.concurrency(), options.warmup(), System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), probes, anyTransfer ? options.transfer() : null), results,
                flames);
        out.println();
        out.print(ConsoleTable.render(report));
        Files.writeString(dir.resolve("report.md"), MarkdownReport.render(report), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.json"), JsonReport.render(report), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.html"), HtmlReport.render(report), StandardCharsets.UTF_8);
        out.printf(Locale.ROOT, "%nreports: %s, report.json, report.html (%.0f s in all)%n",
                dir.resolve("report.md"), report.run().wallSeconds());
        if (report.totalErrors() > 0) {
            err.println("soapscope-demo: " + report.totalErrors() + " requests failed; see the reports for why");
            return 1;
        }
        return 0;
    }

    /** One line: where the flame graphs are, or why there are none. */
    static String flamesSummary(Path dir, Flames flames) {
        if (flames.missing() != null) {
            return "no flame graphs: " + flames.missing();
        }
        long written = flames.scenarios().values().stream().filter(Flames.ScenarioFlames::written).count();
        return String.format(Locale.ROOT, "flame graphs of %d scenario%s%s in %s", written, written == 1 ? "" : "s",
                flames.diffs().isEmpty() ? "" : " and " + flames.diffs().size() + " differential", dir.resolve(Flames.DIR));
    }

    /** Warm-up requests go to their own operation ({@link Scenario#WARMUP_ACTION}); returns how many failed. */
    private static int warmUp(Scenario scenario, Options options, LoadDriver driver, Progress progress, PrintStream err)
            throws InterruptedException {
        if (options.warmup() == 0) {
            return 0;
        }
        LoadResult warm = driver.run(scenario.name() + " warm-up", scenario.path(), Scenario.WARMUP_ACTION,
                scenario.prepare(REQUEST_VARIANTS), options.warmup(), options.concurrency(), progress);
        if (warm.errors() > 0) {
            err.println("soapscope-demo: " + warm.errors() + " warm-up requests of " + scenario.name() + " failed, first: "
                    + warm.errorReasons().keySet().iterator().next());
        }
        return warm.errors();
    }

    private static String transferSummary(Options options, List<Scenario> scenarios) {
        var t = options.transfer();
        List<String> parts = new ArrayList<>();
        if (scenarios.stream().anyMatch(s -> s.isWorkload() && s.workload().kind().equals(TransferFigures.FETCH))) {
            parts.add(String.format(Locale.ROOT, "mtom: %,d tuples per query at fetch sizes %s", t.tuples(),
                    String.join(", ", t.fetchSizes().stream().map(String::valueOf).toList())));
        }
        if (scenarios.stream().anyMatch(s -> s.isWorkload() && s.workload().kind().equals(TransferFigures.ECHO))) {
            parts.add("mtom-echo: payloads of " + Options.sizes(t.echoSizes()).replace(",", ", "));
        }
        return String.join("; ", parts) + String.format(Locale.ROOT, ", %d run%s each%s", t.runs(),
                t.runs() == 1 ? "" : "s", t.warmup() ? " after a warm-up run" : "");
    }

    /** One warm-up run of every size, labelled as warm-up; returns how many requests failed. */
    private static int warmUpWorkload(Scenario scenario, Options options, URI base, PrintStream out, PrintStream err)
            throws InterruptedException {
        if (!options.transfer().warmup()) {
            return 0;
        }
        Workload.Outcome warm = scenario.workload().run(base, options.transfer(), Scenario.WARMUP_ACTION, true,
                scenario.name() + " warm-up", out);
        if (warm.load().errors() > 0) {
            err.println("soapscope-demo: " + warm.load().errors() + " warm-up requests of " + scenario.name()
                    + " failed, first: " + warm.load().errorReasons().keySet().iterator().next());
        }
        return warm.load().errors();
    }

    /**
     * The heap is reset (a full GC in the server) before the scenario and read after it; the agent's figures are read
     * once it has counted every request the client sent.
     */
    private static ScenarioResult measureWorkload(Scenario scenario, Options options, URI base, AgentClient agent,
                                                  ServerProcess server, int warmupErrors,
                                                  Map<String, FlameGraphWriter.Window> windows, PrintStream out,
                                                  PrintStream err) throws InterruptedException {
        ServerProcess.Heap before = null;
        try {
            before = server.resetHeap();
        } catch (IOException e) {
            err.println("soapscope-demo: no heap figures for " + scenario.name() + ": " + e.getMessage());
        }
        long from = System.currentTimeMillis();
        Workload.Outcome outcome = scenario.workload().run(base, options.transfer(), scenario.soapAction(), false,
                scenario.name(), out);
        windows.put(scenario.name(), new FlameGraphWriter.Window(from, System.currentTimeMillis()));
        TransferFigures.HeapFigures heap = null;
        if (before != null) {
            try {
                ServerProcess.Heap after = server.heap();
                heap = new TransferFigures.HeapFigures(before.used(), after.peak(), after.peakAfterGc(),
                        after.collections());
            } catch (IOException e) {
                err.println("soapscope-demo: no heap figures for " + scenario.name() + ": " + e.getMessage());
            }
        }
        AgentFigures figures = agentFigures(scenario, outcome.load(), agent, server, err);
        return ScenarioResult.ofTransfer(scenario, outcome, warmupErrors, figures, heap);
    }

    private static AgentFigures agentFigures(Scenario scenario, LoadResult load, AgentClient agent, ServerProcess server,
                                             PrintStream err) throws InterruptedException {
        try {
            AgentFigures figures = agent.await(scenario.soapAction(), load.requests(),
                    Duration.ofSeconds(load.errors() == 0 ? 15 : 3));
            if (figures == null) {
                err.println("soapscope-demo: the agent reported no operation " + scenario.soapAction());
            } else if (figures.requests() != load.requests()) {
                err.printf(Locale.ROOT, "soapscope-demo: the agent counted %d requests of %s, the client sent %d%n",
                        figures.requests(), scenario.name(), load.requests());
            }
            return figures;
        } catch (IOException e) {
            err.println("soapscope-demo: cannot read the agent's endpoint: " + e
                    + (server.isAlive() ? "" : "; the server is gone, its last lines:\n" + server.tail()));
            return null;
        }
    }

    /** Records when the scenario was measured: its flame graphs hold the server's samples of that time. */
    private static ScenarioResult measure(Scenario scenario, Options options, LoadDriver driver, AgentClient agent,
                                          Progress progress, ServerProcess server, int warmupErrors,
                                          Map<String, FlameGraphWriter.Window> windows, PrintStream err)
            throws InterruptedException {
        List<PreparedRequest> pool = scenario.prepare(REQUEST_VARIANTS);
        long from = System.currentTimeMillis();
        LoadResult load = driver.run(scenario.name(), scenario.path(), scenario.soapAction(), pool, options.requests(),
                options.concurrency(), progress);
        windows.put(scenario.name(), new FlameGraphWriter.Window(from, System.currentTimeMillis()));
        AgentFigures figures = agentFigures(scenario, load, agent, server, err);
        return ScenarioResult.of(scenario, load, warmupErrors, figures);
    }

    private static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "(development build)";
    }
}
