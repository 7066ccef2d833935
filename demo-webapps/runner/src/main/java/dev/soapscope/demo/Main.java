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
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.agent.AgentClient;
import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.ClientFigures;
import dev.soapscope.demo.client.ClientProtocol;
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
import dev.soapscope.demo.scenario.Container;
import dev.soapscope.demo.scenario.PreparedRequest;
import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.Webapp;
import dev.soapscope.demo.scenario.Workload;
import dev.soapscope.demo.scenario.client.CallsWorkload;
import dev.soapscope.demo.scenario.mtom.HeapLadder;

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
        for (Webapp webapp : webapps(scenarios)) {
            Path war = options.war(webapp);
            if (!Files.isRegularFile(war)) {
                err.println("soapscope-demo: no demo WAR at " + war.toAbsolutePath() + ": " + BUILD_FIRST
                        + " (or pass " + webapp.option() + " PATH)");
                return 2;
            }
        }
        for (Scenario scenario : scenarios) {
            if (scenario.isWorkload() && scenario.workload().clientKit() != null) {
                String kit = scenario.workload().clientKit();
                try {
                    if (options.clientKit(kit).isEmpty()) {
                        err.println("soapscope-demo: no client kit for " + scenario.name() + " in "
                                + options.clientKits().resolve(kit).resolve("target").resolve("lib").toAbsolutePath()
                                + ": " + BUILD_FIRST + " (or pass --client-kits DIR)");
                        return 2;
                    }
                } catch (IOException e) {
                    err.println("soapscope-demo: cannot read the client kit of " + scenario.name() + ": " + e);
                    return 2;
                }
            }
        }
        try {
            return runAll(options, scenarios, out, err);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("soapscope-demo: interrupted");
            return 1;
        } catch (IOException e) {
            err.println("soapscope-demo: " + e);
            return 1;
        }
    }

    /** The WARs the scenarios need, in declaration order (payload-caching first). */
    static List<Webapp> webapps(List<Scenario> scenarios) {
        return List.of(Webapp.values()).stream().filter(w -> scenarios.stream().anyMatch(s -> s.webapp() == w)).toList();
    }

    /** The scenarios by the server they need, in container order, each list in registry order. */
    static Map<Container, List<Scenario>> byContainer(List<Scenario> scenarios) {
        Map<Container, List<Scenario>> groups = new EnumMap<>(Container.class);
        for (Scenario s : scenarios) {
            groups.computeIfAbsent(s.webapp().container(), c -> new ArrayList<>()).add(s);
        }
        return groups;
    }

    /** Context path ("" for the root) to WAR file, for the webapps of {@code scenarios}. */
    private static Map<String, Path> wars(Options options, List<Scenario> scenarios) {
        Map<String, Path> wars = new LinkedHashMap<>();
        webapps(scenarios).forEach(w -> wars.put(w.context(), options.war(w)));
        return wars;
    }

    private static int runAll(Options options, List<Scenario> scenarios, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long t0 = System.nanoTime();
        Path dir = options.out();
        Files.createDirectories(dir);
        Map<Container, List<Scenario>> groups = byContainer(scenarios);
        boolean anyLoad = scenarios.stream().anyMatch(s -> !s.isWorkload());
        boolean anyTransfer = scenarios.stream().anyMatch(Scenario::isWorkload);
        String notProfiled = notProfiled(options, dir, groups.keySet());
        out.printf(Locale.ROOT, "soapscope demo: %d scenario%s%s%s%s%n",
                scenarios.size(), scenarios.size() == 1 ? "" : "s",
                anyLoad ? String.format(Locale.ROOT, "; load-driven: %d requests each at concurrency %d after %d "
                        + "warm-up requests", options.requests(), options.concurrency(), options.warmup()) : "",
                anyTransfer ? "; " + transferSummary(options, scenarios) : "",
                notProfiled == null ? " (profiled for flame graphs: " + FlameGraphWriter.SAMPLING + ")" : "");

        List<ScenarioResult> results = new ArrayList<>();
        List<Flames> flameParts = new ArrayList<>();
        Map<Flames, List<String>> partScenarios = new IdentityHashMap<>();
        String probes = null;
        for (Map.Entry<Container, List<Scenario>> group : groups.entrySet()) {
            Container container = group.getKey();
            Path profileDir = notProfiled == null ? dir.resolve(container.profileDir()) : null;
            ServerRun run = runOn(container, group.getValue(), options, dir, profileDir, out, err);
            if (run == null) {
                return 1;
            }
            probes = probes != null ? probes : run.probes();
            results.addAll(run.results());
            Flames part = profileDir == null ? Flames.none(null, notProfiled, null)
                    : drawFlames(dir, container, run, out).withClients(run.clientFlames());
            flameParts.add(part);
            partScenarios.put(part, group.getValue().stream().map(Scenario::name).toList());
        }
        Flames flames = Flames.merge(flameParts, partScenarios);
        if (options.heapLadder()) {
            climbHeapLadders(options, dir, results, out);
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

    /** The heap ladder of every fetch scenario that ran, into its result: after the measured servers have stopped. */
    private static void climbHeapLadders(Options options, Path dir, List<ScenarioResult> results, PrintStream out)
            throws InterruptedException {
        boolean first = true;
        for (int i = 0; i < results.size(); i++) {
            ScenarioResult r = results.get(i);
            if (r.transfer() == null || !r.transfer().isFetch()) {
                continue;
            }
            Scenario scenario = Scenarios.select(List.of(r.name())).get(0);
            if (first) {
                first = false;
                out.printf(Locale.ROOT, "%nheap ladder: per fetch scenario, the smallest server -Xmx of %s MB that "
                        + "completes fetch size %,d (a fresh server per try), then the smallest client -Xmx (a fresh "
                        + "client JVM per try)%n", HeapLadder.RUNGS_MB, HeapLadder.FETCH_SIZE);
            }
            results.set(i, r.withTransfer(r.transfer().withHeapLadders(HeapLadderRun.climb(scenario, options, dir, out),
                    HeapLadderRun.climbClient(scenario, options, dir, out))));
        }
    }

    /** Null when the servers will be profiled (their profile directories are ready), else why they will not. */
    private static String notProfiled(Options options, Path dir, Iterable<Container> containers) {
        if (!options.flamegraphs()) {
            return "not profiled (--no-flamegraphs)";
        }
        if (dir.toAbsolutePath().toString().contains(",")) {
            return "not profiled: the agent's options cannot carry a directory with a comma (" + dir.toAbsolutePath()
                    + ")";
        }
        for (Container c : containers) {
            try {
                FlameGraphWriter.prepare(dir, c.profileDir());
            } catch (IOException e) {
                return "not profiled: cannot prepare " + dir.resolve(c.profileDir()) + ": " + e;
            }
        }
        return null;
    }

    /** What one server gave: the results of its scenarios, when each was measured, what its agent said. */
    private record ServerRun(List<ScenarioResult> results, Map<String, FlameGraphWriter.Window> windows,
                             String probes, ServerProcess.Profiling profiling,
                             Map<String, Flames.ScenarioFlames> clientFlames) {
    }

    /**
     * Starts {@code container} with the agent and the scenarios' WARs, warms up and measures each scenario, stops it
     * (and the clients of its transfer scenarios, whose flame graphs are then drawn when profiling); null when it did
     * not start (said on {@code err}).
     */
    private static ServerRun runOn(Container container, List<Scenario> scenarios, Options options, Path dir,
                                   Path profileDir, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Map<String, Path> wars = wars(options, scenarios);
        Path log = dir.resolve(container == Container.TOMCAT_11 ? "server.log"
                : "server-" + container.profileDir().replace("profile-", "") + ".log");
        out.printf(Locale.ROOT, "starting %s with the agent in a forked JVM, WAR%s %s (its output: %s)%n",
                container.title(), wars.size() == 1 ? "" : "s", String.join(", ", wars.entrySet().stream()
                        .map(e -> e.getValue().getFileName() + " at " + (e.getKey().isEmpty() ? "/" : e.getKey()))
                        .toList()), log);
        ServerProcess server;
        try {
            server = ServerProcess.start(container, options.agentJar(), options.jvmOptions(), wars,
                    Math.max(200, options.concurrency() + 8), log, profileDir);
        } catch (ServerProcess.StartFailure e) {
            err.println("soapscope-demo: " + container.title() + ": " + e.getMessage());
            return null;
        }
        List<ScenarioResult> results = new ArrayList<>();
        Map<String, FlameGraphWriter.Window> windows = new LinkedHashMap<>();
        Map<Scenario, ClientProcess> clients = new LinkedHashMap<>();
        String probes;
        try {
            out.printf(Locale.ROOT, "%s ready on port %d after %.1f s; agent endpoint %s%n", container.title(),
                    server.port(), server.startSeconds(), server.agentEndpoint());
            probes = server.agentProbes();
            LoadDriver driver = new LoadDriver("127.0.0.1", server.port());
            AgentClient agent = new AgentClient(server.agentEndpoint());
            URI base = URI.create("http://127.0.0.1:" + server.port());
            Progress progress = Progress.on(out);
            for (Scenario scenario : scenarios) {
                int concurrency = scenario.concurrency(options.concurrency());
                if (!scenario.isWorkload() && concurrency < options.concurrency()) {
                    out.printf(Locale.ROOT, "%s runs at concurrency %d, not %d: %s%n", scenario.name(), concurrency,
                            options.concurrency(), scenario.description());
                }
            }
            for (Scenario scenario : scenarios) {
                if (scenario.isWorkload()) {
                    clients.put(scenario, startClient(scenario, options, dir, profileDir != null, out, err));
                }
            }
            // all warm-ups first: the JIT has seen every stack before any is measured, so running first is no handicap
            Map<Scenario, Integer> warmupErrors = new LinkedHashMap<>();
            for (Scenario scenario : scenarios) {
                warmupErrors.put(scenario, scenario.isWorkload()
                        ? warmUpWorkload(scenario, options, base, clients.get(scenario), out, err)
                        : warmUp(scenario, options, driver, progress, err));
            }
            for (Scenario scenario : scenarios) {
                results.add(scenario.isWorkload()
                        ? measureWorkload(scenario, options, base, agent, server, clients.get(scenario),
                                warmupErrors.get(scenario), windows, out, err)
                        : measure(scenario, options, driver, agent, progress, server, warmupErrors.get(scenario),
                                windows, err));
            }
        } finally {
            for (ClientProcess client : clients.values()) {
                if (client != null) {
                    client.close();
                }
            }
            server.close();
        }
        Map<String, Flames.ScenarioFlames> clientFlames = new LinkedHashMap<>();
        if (profileDir != null) {
            for (ScenarioResult r : results) {
                FlameGraphWriter.Window window = windows.get(r.name());
                if (r.client() != null && window != null) {
                    clientFlames.put(r.name(), FlameGraphWriter.writeClient(dir, r.name(), window,
                            r.client().calls().requests(), out));
                }
            }
        }
        return new ServerRun(results, windows, probes, server.profiling(), clientFlames);
    }

    /** The flame graphs of one server's scenarios, drawn once it has stopped (its agent has finished the files). */
    private static Flames drawFlames(Path dir, Container container, ServerRun run, PrintStream out) {
        out.println();
        long f0 = System.nanoTime();
        Flames flames = FlameGraphWriter.write(dir, container.profileDir(), run.profiling(), run.results(),
                run.windows(), Scenarios.pairs(), out);
        out.printf(Locale.ROOT, "%s (%.1f s)%n", flamesSummary(dir, flames), (System.nanoTime() - f0) / 1e9);
        return flames;
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

    /**
     * Warm-up requests go to their own operation ({@link Scenario#WARMUP_ACTION}) unless the stack names them
     * ({@link Scenario#warmupAction()}); returns how many failed.
     */
    private static int warmUp(Scenario scenario, Options options, LoadDriver driver, Progress progress, PrintStream err)
            throws InterruptedException {
        if (options.warmup() == 0) {
            return 0;
        }
        LoadResult warm = driver.run(scenario.name() + " warm-up", scenario.path(), scenario.warmupAction(),
                scenario.prepare(REQUEST_VARIANTS), options.warmup(), scenario.concurrency(options.concurrency()),
                progress);
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
    private static int warmUpWorkload(Scenario scenario, Options options, URI base, ClientProcess client,
                                      PrintStream out, PrintStream err) throws InterruptedException {
        if (!options.transfer().warmup()) {
            return 0;
        }
        Workload.Outcome warm = runWorkload(scenario, client, new ClientProtocol.Run(scenario.name(), base,
                options.transfer(), scenario.warmupAction(), true, scenario.name() + " warm-up"), out).outcome();
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
                                                  ServerProcess server, ClientProcess client, int warmupErrors,
                                                  Map<String, FlameGraphWriter.Window> windows, PrintStream out,
                                                  PrintStream err) throws InterruptedException {
        ServerProcess.Heap before = null;
        try {
            before = server.resetHeap();
        } catch (IOException e) {
            err.println("soapscope-demo: no heap figures for " + scenario.name() + ": " + e.getMessage());
        }
        AgentFigures warm = beforeMeasuring(scenario, 0, agent, err);
        ClientFigures clientBefore = clientFigures(scenario, client, err);
        long from = System.currentTimeMillis();
        ClientProtocol.Answer answer = runWorkload(scenario, client, new ClientProtocol.Run(scenario.name(), base,
                options.transfer(), scenario.soapAction(), false, scenario.name()), out);
        Workload.Outcome outcome = answer.outcome();
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
        AgentFigures figures = agentFigures(scenario, outcome.load(), warm, agent, server, err);
        ClientFigures clientAfter = clientFigures(scenario, client, err);
        ClientFigures clientFigures = clientAfter == null ? null : clientAfter.since(clientBefore);
        if (client != null && clientFigures == null && scenario.workload().unmeasuredClient() == null) {
            err.println("soapscope-demo: the client's agent counted no call of " + scenario.name());
        } else if (clientFigures != null && outcome.load().wallNanos() > 0) { // a run that ran: its own figures
            clientFigures = clientFigures.withWorkload(outcome.load().wallNanos(), answer.allocatedBytes());
        }
        // a client scenario's calls are requests like the load driver's; it has no transfer table to join
        ScenarioResult result = scenario.workload() instanceof CallsWorkload
                ? ScenarioResult.of(scenario, outcome.load(), warmupErrors, figures)
                : ScenarioResult.ofTransfer(scenario, outcome, warmupErrors, figures, heap);
        return result.withClient(clientFigures);
    }

    /**
     * The scenario's client JVM with the agent ({@code DIR/client-NAME.log}), or null when it did not start (said on
     * {@code err}): the workload then runs in the runner's JVM, and the report has no client figures for it.
     */
    private static ClientProcess startClient(Scenario scenario, Options options, Path dir, boolean profiled,
                                             PrintStream out, PrintStream err) throws IOException, InterruptedException {
        Path log = dir.resolve("client-" + scenario.name().replace('/', '-') + ".log");
        Workload workload = scenario.workload();
        try {
            Path profile = profiled
                    ? FlameGraphWriter.prepareProfile(dir, FlameGraphWriter.clientProfileDir(scenario.name())) : null;
            ClientProcess client = ClientProcess.start(options.agentJar(), log, profile, ClientProcess.DEFAULT_HEAP_MB,
                    workload.clientKit() == null ? List.of() : options.clientKit(workload.clientKit()),
                    workload.clientProperties(), options.jvmOptions());
            out.printf(Locale.ROOT, "%s: its client in a forked JVM with the agent, endpoint %s (its output: %s)%n",
                    scenario.name(), client.agentEndpoint(), log);
            return client;
        } catch (ClientProcess.StartFailure | IOException e) {
            err.println("soapscope-demo: the client of " + scenario.name() + " did not start, so it runs in the "
                    + "runner without client figures (or not at all when its stack needs a client kit): "
                    + e.getMessage());
            return null;
        }
    }

    /**
     * One workload run in the scenario's client JVM, or in this one when there is none; a client that needs a kit or
     * system properties of its own runs nowhere else (here it would be another stack's).
     */
    private static ClientProtocol.Answer runWorkload(Scenario scenario, ClientProcess client, ClientProtocol.Run run,
                                                     PrintStream out) throws InterruptedException {
        Workload workload = scenario.workload();
        if (client == null && (workload.clientKit() != null || !workload.clientProperties().isEmpty())) {
            return new ClientProtocol.Answer(Workload.Outcome.failed(run.label() + ": its client JVM did not start"),
                    -1);
        }
        if (client == null) {
            return new ClientProtocol.Answer(scenario.workload().run(run.server(), run.settings(), run.soapAction(),
                    run.warmUp(), run.label(), out), -1);
        }
        try {
            return client.run(run, out);
        } catch (IOException e) {
            return new ClientProtocol.Answer(Workload.Outcome.failed(run.label() + ": " + e.getMessage()), -1);
        }
    }

    /** What the client's agent has counted so far; null without a client JVM or when its endpoint did not answer. */
    private static ClientFigures clientFigures(Scenario scenario, ClientProcess client, PrintStream err)
            throws InterruptedException {
        if (client == null) {
            return null;
        }
        try {
            AgentClient agent = new AgentClient(client.agentEndpoint());
            return ClientFigures.parse(agent.phases(), agent.hotspots(), scenario.name());
        } catch (IOException e) {
            err.println("soapscope-demo: cannot read the client agent's endpoint of " + scenario.name() + ": " + e);
            return null;
        }
    }

    /**
     * The agent's figures of the scenario's operation before its measured requests, when its warm-up shares the
     * operation (once the agent has counted the {@code warmedUp} requests that succeeded, or after 5 s); else null.
     */
    private static AgentFigures beforeMeasuring(Scenario scenario, int warmedUp, AgentClient agent, PrintStream err)
            throws InterruptedException {
        if (!scenario.sharesOperationWithWarmup()) {
            return null;
        }
        try {
            return agent.await(operationsName(scenario), scenario.operations(), warmedUp, Duration.ofSeconds(5));
        } catch (IOException e) {
            err.println("soapscope-demo: cannot read the agent's endpoint before " + scenario.name() + ": " + e);
            return null;
        }
    }

    /** The figures of the measured requests: those after {@code warm} when the warm-up shares their operation. */
    private static AgentFigures agentFigures(Scenario scenario, LoadResult load, AgentFigures warm, AgentClient agent,
                                             ServerProcess server, PrintStream err) throws InterruptedException {
        try {
            long already = warm == null ? 0 : warm.requests();
            AgentFigures all = agent.await(operationsName(scenario), scenario.operations(), already + load.requests(),
                    Duration.ofSeconds(load.errors() == 0 ? 15 : 3));
            AgentFigures figures = all == null || warm == null ? all : all.since(warm);
            if (figures == null) {
                err.println("soapscope-demo: the agent reported no operation " + operationsName(scenario));
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

    /** The name the report gives the agent's figures: the operations the agent counted them under. */
    private static String operationsName(Scenario scenario) {
        return String.join(", ", scenario.operations());
    }

    /** Records when the scenario was measured: its flame graphs hold the server's samples of that time. */
    private static ScenarioResult measure(Scenario scenario, Options options, LoadDriver driver, AgentClient agent,
                                          Progress progress, ServerProcess server, int warmupErrors,
                                          Map<String, FlameGraphWriter.Window> windows, PrintStream err)
            throws InterruptedException {
        List<PreparedRequest> pool = scenario.prepare(REQUEST_VARIANTS);
        AgentFigures warm = beforeMeasuring(scenario, options.warmup() - warmupErrors, agent, err);
        long from = System.currentTimeMillis();
        LoadResult load = driver.run(scenario.name(), scenario.path(), scenario.soapAction(), pool, options.requests(),
                scenario.concurrency(options.concurrency()), progress);
        windows.put(scenario.name(), new FlameGraphWriter.Window(from, System.currentTimeMillis()));
        AgentFigures figures = agentFigures(scenario, load, warm, agent, server, err);
        return ScenarioResult.of(scenario, load, warmupErrors, figures);
    }

    private static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "(development build)";
    }
}
