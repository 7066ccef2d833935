package dev.soapscope.bench.e2e;

import dev.soapscope.bench.Stats;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.soapscope.demo.server.LauncherProtocol;

/**
 * The demo runner's forked server ({@code dev.soapscope.demo.server.TomcatLauncher} from
 * {@code soapscope-demo-server.jar}: embedded Tomcat 11 and nothing else on its class path) with the payload-caching
 * WAR at the root context, in one of the {@link ServerConfig}s. Speaks the launcher's protocol: it prints
 * {@code SOAPSCOPE_DEMO_PORT=N} when the WAR is deployed, answers {@code heap-reset} (a full GC, then the heap in
 * use) on standard input, and stops when standard input closes.
 */
public final class DemoServer implements AutoCloseable {
    private static final String PORT_LINE = LauncherProtocol.PORT_LINE_PREFIX;
    private static final String HEAP_LINE = LauncherProtocol.HEAP_LINE_PREFIX;
    /** The agent's start line says how long its start held the JVM (premain): a figure other processes barely move. */
    private static final Pattern AGENT_START_TOOK = Pattern.compile("\\[soapscope] INFO agent .* its start took (\\d+) ms;");
    private static final Pattern AGENT_STARTED = Pattern.compile("\\[soapscope] INFO agent .* started: endpoint http://[^\\s/]+:(\\d+)/metrics;.*? probes: \\[(.*)]");

    /**
     * Where the pieces are: the agent jar, the WAR, the launcher's jar; for the side-by-side part, the other agents'
     * jars and the minimal servlet app's WAR (null when not given).
     */
    public record Artifacts(Path agentJar, Path war, Path serverJar, Path otelJar, Path elasticJar, Path minimalWar) {
        public Artifacts(Path agentJar, Path war, Path serverJar) {
            this(agentJar, war, serverJar, null, null, null);
        }
    }

    private final ServerConfig config;
    private final Process process;
    private final long launchedNanos;
    /** Everything the server prints; a PrintWriter, so a failing log never stops the reader. */
    private final PrintWriter log;
    private final Writer commands;
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private final CompletableFuture<Integer> agentPort = new CompletableFuture<>();
    private final BlockingQueue<String> heapAnswers = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> allocatedAnswers = new LinkedBlockingQueue<>();
    private final List<String> notes = new ArrayList<>();
    private volatile long portLineNanos;
    private volatile List<String> probes = List.of();
    private volatile double agentStartMillis = Double.NaN;

    private DemoServer(ServerConfig config, Process process, long launchedNanos, PrintWriter log) {
        this.config = config;
        this.process = process;
        this.launchedNanos = launchedNanos;
        this.log = log;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** Launches the server; returns at once (see {@link #awaitReady}). */
    public static DemoServer launch(ServerConfig config, Artifacts files, List<String> heapOptions, Path workDir, String name)
            throws IOException {
        return launch(config, files, heapOptions, workDir, name, List.of());
    }

    /** {@code allProbes}: what {@link ServerConfig#NO_PROBES} disables. */
    public static DemoServer launch(ServerConfig config, Artifacts files, List<String> heapOptions, Path workDir, String name,
                                    List<String> allProbes) throws IOException {
        return launch(config, files, heapOptions, workDir, name, allProbes,
                List.of(files.war().toAbsolutePath() + "=/"));
    }

    /** {@code wars}: the launcher's {@code --war} values, {@code PATH=/CONTEXT}. */
    public static DemoServer launch(ServerConfig config, Artifacts files, List<String> heapOptions, Path workDir, String name,
                                    List<String> allProbes, List<String> wars) throws IOException {
        Files.createDirectories(workDir);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(heapOptions);
        command.addAll(config.jvmOptions(files, workDir.resolve(name + "-profiles"), allProbes));
        command.add("-cp");
        command.add(files.serverJar().toAbsolutePath().toString());
        command.add(LauncherProtocol.LAUNCHER_CLASS);
        for (String war : wars) {
            command.add("--war");
            command.add(war);
        }
        command.add("--port");
        command.add("0");
        command.add("--max-threads");
        command.add("200");
        PrintWriter log = new PrintWriter(Files.newBufferedWriter(workDir.resolve(name + ".log"), StandardCharsets.UTF_8));
        log.println("# " + String.join(" ", command));
        long launched = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        DemoServer server = new DemoServer(config, process, launched, log);
        server.readOutput();
        process.onExit().thenRun(() -> {
            IllegalStateException gone = new IllegalStateException("the server JVM ended (exit code "
                    + process.exitValue() + "); see " + workDir.resolve(name + ".log"));
            server.port.completeExceptionally(gone);
            server.agentPort.completeExceptionally(gone);
        });
        return server;
    }

    /** Waits for the WAR to be deployed (and, with the agent, for its start line). */
    public DemoServer awaitReady(int seconds) throws Exception {
        port.get(seconds, TimeUnit.SECONDS);
        if (config.isSoapscope()) {
            agentPort.get(seconds, TimeUnit.SECONDS);
        }
        return this;
    }

    /** Waits for the WAR to be deployed only; returns the server's port. */
    public int awaitReadyPort(int seconds) throws Exception {
        return port.get(seconds, TimeUnit.SECONDS);
    }

    public ServerConfig config() {
        return config;
    }

    public int port() {
        return port.join();
    }

    /** soapscope's endpoint port, or -1 without it. */
    public int agentPort() {
        return config.isSoapscope() ? agentPort.join() : -1;
    }

    /** The probes the agent said it installed (empty without the agent). */
    public List<String> probes() {
        return probes;
    }

    /** How long the agent's start held the JVM, as its start line said; NaN without the agent or that line. */
    public double agentStartMillis() {
        return agentStartMillis;
    }

    /**
     * The agent's own starts as their start lines said them: median (range), over the starts whose line came in time
     * (on a Boot jar it can come after "Started"); "n/a" when none did.
     */
    public static String agentStartSummary(double[] took) {
        double[] said = java.util.Arrays.stream(took).filter(d -> !Double.isNaN(d)).toArray();
        return said.length == 0 ? "n/a (no start line before the application's)" : String.format("%.0f ms (%.0f-%.0f)",
                Stats.median(said), Stats.min(said), Stats.max(said));
    }

    /** The milliseconds an agent's start line says its start took; NaN if {@code line} is not one that says. */
    public static double agentStartMillis(String line) {
        Matcher took = AGENT_START_TOOK.matcher(line);
        return took.find() ? Double.parseDouble(took.group(1)) : Double.NaN;
    }

    public long pid() {
        return process.pid();
    }

    /**
     * The CPU time the server's JVM has used so far (user and system, every thread), ns; -1 where the OS does not say.
     * Less sensitive than wall time to other processes' load: it counts only when the server ran.
     */
    public long cpuNanos() {
        return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }

    public long launchedNanos() {
        return launchedNanos;
    }

    /** When the launcher said the WAR was deployed (System.nanoTime of the reader), or 0. */
    public long portLineNanos() {
        return portLineNanos;
    }

    /** Lines worth reporting: the agent's profiler line, warnings. */
    public synchronized List<String> notes() {
        return new ArrayList<>(notes);
    }

    /** A full GC in the server (System.gc), then the heap in use, bytes. */
    public long heapAfterGc() throws IOException, InterruptedException {
        return ask(LauncherProtocol.HEAP_RESET, heapAnswers);
    }

    /**
     * The bytes the server's live threads have allocated so far, summed (the launcher's {@code allocated-bytes}):
     * exact, whatever the machine's load.
     */
    public long allocatedBytes() throws IOException, InterruptedException {
        return ask(LauncherProtocol.ALLOCATED_BYTES, allocatedAnswers);
    }

    /** Sends a launcher command and returns the first number of its answer. */
    private long ask(String command, BlockingQueue<String> answers) throws IOException, InterruptedException {
        synchronized (commands) {
            answers.clear();
            commands.write(command + "\n");
            commands.flush();
            String answer = answers.poll(60, TimeUnit.SECONDS);
            if (answer == null) {
                throw new IOException("the server did not answer " + command);
            }
            return Long.parseLong(answer.trim().split("\\s+")[0]);
        }
    }

    /** One daemon thread hands every line the server prints (standard error merged in) to {@link #line}. */
    private void readOutput() {
        Thread t = new Thread(() -> {
            try (BufferedReader output = process.inputReader(StandardCharsets.UTF_8)) {
                output.lines().forEach(this::line);
            } catch (IOException | UncheckedIOException e) {
                // the server is gone
            }
        }, "bench-server-output");
        t.setDaemon(true);
        t.start();
    }

    private synchronized void line(String line) {
        log.println(line);
        if (line.startsWith(PORT_LINE)) {
            portLineNanos = System.nanoTime();
            port.complete(Integer.parseInt(line.substring(PORT_LINE.length()).trim()));
        } else if (line.startsWith(HEAP_LINE)) {
            heapAnswers.add(line.substring(HEAP_LINE.length()));
        } else if (line.startsWith(LauncherProtocol.ALLOCATED_LINE_PREFIX)) {
            allocatedAnswers.add(line.substring(LauncherProtocol.ALLOCATED_LINE_PREFIX.length()));
        }
        Matcher m = AGENT_STARTED.matcher(line);
        if (m.find()) {
            List<String> names = new ArrayList<>();
            for (String p : m.group(2).split(",")) {
                if (!p.isBlank()) {
                    names.add(p.trim());
                }
            }
            probes = names;
            agentStartMillis = agentStartMillis(line);
            agentPort.complete(Integer.parseInt(m.group(1)));
        } else if (line.contains("[soapscope]") && (line.contains("WARN") || line.contains("profiling"))) {
            notes.add(line);
            if (line.contains("agent not started")) {
                agentPort.completeExceptionally(new IllegalStateException(line));
            }
        }
    }

    /** Ends standard input, which stops the launcher; kills the JVM if it has not ended 30 s later. */
    @Override
    public void close() throws InterruptedException {
        synchronized (commands) {
            quietly(commands);
        }
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        synchronized (this) {
            log.close();
        }
    }

    private static void quietly(Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // the server has gone already
        }
    }
}
