package dev.soapscope.demo;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.soapscope.demo.scenario.Container;
import dev.soapscope.demo.server.LauncherProtocol;

/**
 * The demo server in its own JVM with the agent attached: runs the launcher ({@link LauncherProtocol#LAUNCHER_CLASS})
 * with Tomcat and nothing else on its class path, waits for the agent's start line (its endpoint port) and the
 * launcher's port line, and writes everything the server prints to a log file.
 *
 * <p>Run as {@code java -jar soapscope-demo.jar}, the server's class path is the server jar nested in the runner jar
 * ({@value #SERVER_JAR_RESOURCE}), extracted to a temporary file: the runner jar itself carries a CXF client, which
 * must not sit on the class path above a webapp that brings its own CXF. In a Maven build (classes directories), it
 * is this module's classes and Tomcat's two jars.
 */
public final class ServerProcess implements AutoCloseable {

    /** The nested server jar inside the runner jar (see the shade configuration in the runner's pom). */
    static final String SERVER_JAR_RESOURCE = "META-INF/soapscope-demo/soapscope-demo-server.jar";
    /** Tomcat 9's class path inside the runner jar: the launcher's classes alone, and Tomcat 9's two jars. */
    static final List<String> TOMCAT9_RESOURCES = List.of("META-INF/soapscope-demo/soapscope-demo-launcher.jar",
            "META-INF/soapscope-demo/tomcat9/tomcat-embed-core.jar",
            "META-INF/soapscope-demo/tomcat9/tomcat-annotations-api.jar");
    /** In a Maven build, where the runner's pom copies Tomcat 9's jars, beside the classes directory. */
    static final String TOMCAT9_BUILD_DIR = "tomcat9";
    private static final Duration HEAP_ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    /** The agent's start line: its endpoint's host and port, the probes it installed. */
    static final Pattern AGENT_STARTED =
            Pattern.compile("\\[soapscope] INFO agent .* started: endpoint http://([^\\s/]+):(\\d+)/metrics;.*? probes: (.*)");
    /** The agent's line when continuous profiling started: the event, the backend, the first file. */
    private static final Pattern PROFILING =
            Pattern.compile("\\[soapscope] INFO profiling (\\S+) continuously with (.+) into (.+)");
    private static final String AGENT_WARNING = "[soapscope] WARN ";

    private ForkedJvm jvm;
    private final List<String> command;
    private final CompletableFuture<Integer> serverPort = new CompletableFuture<>();
    private final CompletableFuture<String[]> agentEndpoint = new CompletableFuture<>();
    private final BlockingQueue<String> heapAnswers = new LinkedBlockingQueue<>();
    /** Held for a command and its answer: one at a time. */
    private final Object commands = new Object();
    private List<Path> extractedJars = List.of();
    private final ProfilingLines profiling = new ProfilingLines();
    private double startSeconds;

    private ServerProcess(List<String> command) {
        this.command = command;
    }

    /** The server's heap, as the launcher measured it: bytes in use now, the peak, the peak after a GC (-1: none). */
    public record Heap(long used, long peak, long peakAfterGc, long collections) {
    }

    /**
     * What the agent said about continuous profiling.
     *
     * @param backend the profiler it started ({@code async-profiler 4.6}, {@code JDK Flight Recorder}), null when none
     * @param warning its first warning about profiling (why async-profiler did not load, why profiling did not start),
     *                null when none
     */
    public record Profiling(String backend, String warning) {

        /** Null when samples carry their request phase (async-profiler ran), else why they do not. */
        public String problem() {
            if (backend != null && backend.startsWith("async-profiler")) {
                return null;
            }
            if (backend != null) {
                return "the agent profiled with " + backend + ", whose samples carry no request phase"
                        + (warning != null ? " (" + warning + ")" : "");
            }
            return warning != null ? warning : "the agent never said it was profiling (see server.log)";
        }
    }

    /** Why the server is not there: the message, then the last lines it printed. */
    public static final class StartFailure extends Exception {
        private static final long serialVersionUID = 1L;

        StartFailure(String message) {
            super(message);
        }
    }

    /**
     * @param wars       context path ("" for the root, else "/name") to WAR, in deployment order
     * @param profileDir where the agent profiles continuously into ({@link #PROFILER_OPTIONS}); null: no profiling
     */
    public static ServerProcess start(Container container, Path agentJar, List<String> jvmOptions,
                                      Map<String, Path> wars, int maxThreads, Path logFile, Path profileDir)
            throws IOException, StartFailure, InterruptedException {
        return start(container, agentJar, jvmOptions, wars, maxThreads, logFile, profileDir, DEFAULT_HEAP_MB);
    }

    /** The server's -Xmx unless a run asks otherwise (the heap ladder does). */
    public static final int DEFAULT_HEAP_MB = 1024;

    /**
     * @param jvmOptions options for the server's JVM, after its -Xmx ({@code --jvm-option})
     * @param heapMb     the server's -Xmx in MB
     */
    public static ServerProcess start(Container container, Path agentJar, List<String> jvmOptions,
                                      Map<String, Path> wars, int maxThreads, Path logFile, Path profileDir, int heapMb)
            throws IOException, StartFailure, InterruptedException {
        long started = System.nanoTime();
        List<Path> extracted = extract(container == Container.TOMCAT_9 ? TOMCAT9_RESOURCES : List.of(SERVER_JAR_RESOURCE));
        String classPath = !extracted.isEmpty() ? join(extracted)
                : container == Container.TOMCAT_9 ? tomcat9ClassPath() : classPath();
        List<String> command = command(agentJar, jvmOptions, wars, maxThreads, classPath, profileDir, heapMb);
        ServerProcess server = new ServerProcess(command);
        try {
            server.jvm = ForkedJvm.start(command, logFile, "server", server::line);
        } catch (IOException e) {
            extracted.forEach(ServerProcess::deleteQuietly);
            throw e;
        }
        server.extractedJars = extracted;
        Process process = server.jvm.process();
        process.onExit().thenRun(() -> {
            String why = "the server JVM ended (exit code " + process.exitValue() + ") before it was ready";
            server.serverPort.completeExceptionally(new IllegalStateException(why));
            server.agentEndpoint.completeExceptionally(new IllegalStateException(why));
        });
        try {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            server.agentEndpoint.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            server.serverPort.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            server.startSeconds = (System.nanoTime() - started) / 1e9;
            return server;
        } catch (ExecutionException | TimeoutException e) {
            String why = e instanceof TimeoutException ? "the server was not ready within " + START_TIMEOUT.toSeconds() + " s"
                    : e.getCause().getMessage();
            server.close();
            throw new StartFailure(why + "; its last lines:\n" + server.tail());
        }
    }

    /**
     * The agent options of continuous profiling, before {@code profiler.dir}: cpu samples every 10 ms (the agent's
     * measured-cheap setting); the JFR files rotate every 10 minutes (the agent's default).
     */
    public static final String PROFILER_OPTIONS = "profiler=cpu,profiler.interval.ms=10";

    static List<String> command(Path agentJar, Map<String, Path> wars, int maxThreads, String classPath) {
        return command(agentJar, wars, maxThreads, classPath, null);
    }

    /**
     * @throws IllegalArgumentException when {@code profileDir} holds a comma, which the agent's options cannot carry
     */
    static List<String> command(Path agentJar, Map<String, Path> wars, int maxThreads, String classPath,
                                Path profileDir) {
        return command(agentJar, List.of(), wars, maxThreads, classPath, profileDir, DEFAULT_HEAP_MB);
    }

    static List<String> command(Path agentJar, List<String> jvmOptions, Map<String, Path> wars, int maxThreads,
                                String classPath, Path profileDir, int heapMb) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heapMb + "m");
        command.addAll(jvmOptions);
        command.add("-javaagent:" + agentJar.toAbsolutePath() + "=" + agentOptions(profileDir));
        command.add("-cp");
        command.add(classPath);
        command.add(LauncherProtocol.LAUNCHER_CLASS);
        for (Map.Entry<String, Path> war : wars.entrySet()) {
            command.add("--war");
            command.add(war.getValue().toAbsolutePath() + "=" + (war.getKey().isEmpty() ? "/" : war.getKey()));
        }
        command.add("--port");
        command.add("0");
        command.add("--max-threads");
        command.add(String.valueOf(maxThreads));
        return command;
    }

    /**
     * The agent's options in a forked server or client: an endpoint on a free loopback port, profiling into
     * {@code profileDir} unless it is null.
     *
     * @throws IllegalArgumentException when {@code profileDir} holds a comma, which the agent's options cannot carry
     */
    static String agentOptions(Path profileDir) {
        // explicit, so SOAPSCOPE_* variables in the environment cannot hide the endpoint or its start line
        String agentOptions = "port=0,host=127.0.0.1,endpoint=true,log=info";
        if (profileDir != null) {
            String dir = profileDir.toAbsolutePath().toString();
            if (dir.contains(",")) {
                throw new IllegalArgumentException("the agent's options cannot carry a directory with a comma: " + dir);
            }
            agentOptions += "," + PROFILER_OPTIONS + ",profiler.dir=" + dir;
        }
        return agentOptions;
    }

    /**
     * The nested jars copied to temporary files (deleted when the server is closed), or an empty list when this is not
     * the packaged runner jar (a Maven build: {@link #classPath()} then).
     */
    static List<Path> extract(List<String> resources) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String resource : resources) {
            try (InputStream in = ServerProcess.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    jars.forEach(ServerProcess::deleteQuietly);
                    return List.of();
                }
                String name = resource.substring(resource.lastIndexOf('/') + 1);
                Path jar = Files.createTempFile(name.substring(0, name.length() - ".jar".length()) + "-", ".jar");
                Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
                jar.toFile().deleteOnExit();
                jars.add(jar);
            }
        }
        return jars;
    }

    private static String join(List<Path> entries) {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /**
     * Tomcat 9's class path in a Maven build: the launcher's classes and the jars the pom copied beside them (Tomcat 9
     * cannot be a dependency of a module that has Tomcat 11).
     */
    static String tomcat9ClassPath() throws IOException {
        Path classes = location(LauncherProtocol.LAUNCHER_CLASS);
        Path jars = classes.resolveSibling(TOMCAT9_BUILD_DIR);
        List<Path> entries = new ArrayList<>(List.of(classes));
        if (Files.isDirectory(jars)) {
            try (var files = Files.list(jars)) {
                files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(entries::add);
            }
        }
        if (entries.size() < 3) {
            throw new IOException("no Tomcat 9 jars in " + jars + ": " + Main.BUILD_FIRST);
        }
        return join(entries);
    }

    /**
     * Where the launcher, Tomcat and its annotations API come from in a Maven build: the module's classes and Tomcat's
     * jars. Nothing else (Jackson, the CXF client, test jars) reaches the server.
     */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        entries.add(location(LauncherProtocol.LAUNCHER_CLASS).toString());
        entries.add(location("org.apache.catalina.startup.Tomcat").toString());
        entries.add(annotationsJar().toString());
        return String.join(File.pathSeparator, entries);
    }

    private static Path location(String className) {
        try {
            Class<?> type = Class.forName(className, false, ServerProcess.class.getClassLoader());
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (ClassNotFoundException | URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot locate " + className + " for the server's class path", e);
        }
    }

    /** Tomcat's own jakarta.annotation jar, not the one the CXF client brings (the same classes). */
    private static Path annotationsJar() {
        String resource = "jakarta/annotation/PostConstruct.class";
        try {
            List<URL> found = Collections.list(ServerProcess.class.getClassLoader().getResources(resource));
            URL chosen = found.stream().filter(u -> u.toString().contains("tomcat-annotations-api")).findFirst()
                    .orElse(found.isEmpty() ? null : found.get(0));
            if (chosen == null) {
                throw new IllegalStateException("cannot locate jakarta.annotation for the server's class path");
            }
            String url = chosen.toString();
            if (url.startsWith("jar:")) {
                return Path.of(URI.create(url.substring(4, url.indexOf("!/")))).toAbsolutePath();
            }
            return Path.of(URI.create(url.substring(0, url.length() - resource.length()))).toAbsolutePath();
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot locate jakarta.annotation for the server's class path", e);
        }
    }

    /** Runs a full GC in the server and starts a new heap peak from what is in use then. */
    public Heap resetHeap() throws IOException, InterruptedException {
        return heapCommand(LauncherProtocol.HEAP_RESET);
    }

    /** The heap peak since the last {@link #resetHeap()}. */
    public Heap heap() throws IOException, InterruptedException {
        return heapCommand(LauncherProtocol.HEAP_PEAK);
    }

    /** One command at a time; not under this object's lock, which the reader threads take for every line. */
    private Heap heapCommand(String command) throws IOException, InterruptedException {
        String answer;
        synchronized (commands) {
            heapAnswers.clear();
            jvm.send(command);
            answer = heapAnswers.poll(HEAP_ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (answer == null) {
            throw new IOException("the server did not answer " + command + " within " + HEAP_ANSWER_TIMEOUT.toSeconds()
                    + " s");
        }
        return parseHeap(answer);
    }

    static Heap parseHeap(String answer) throws IOException {
        String[] parts = answer.trim().split("\\s+");
        try {
            return new Heap(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]),
                    Long.parseLong(parts[3]));
        } catch (RuntimeException e) {
            throw new IOException("not a heap answer: " + answer);
        }
    }

    /** Seconds from this server's launch until it and its agent were ready (not from the start of the whole run). */
    public double startSeconds() {
        return startSeconds;
    }

    public int port() {
        return serverPort.join();
    }

    /** The agent's endpoint, {@code http://127.0.0.1:PORT}. */
    public URI agentEndpoint() {
        String[] endpoint = agentEndpoint.join();
        return URI.create("http://" + endpoint[0] + ":" + endpoint[1]);
    }

    /** The probes the agent says it installed, as it printed them. */
    public String agentProbes() {
        return agentEndpoint.join()[2];
    }

    public List<String> command() {
        return command;
    }

    /** What the agent has said about continuous profiling so far (all of it once the server is closed). */
    public Profiling profiling() {
        return profiling.profiling();
    }

    public boolean isAlive() {
        return jvm.isAlive();
    }

    /** The last lines the server printed. */
    public String tail() {
        return jvm.tail();
    }

    private void line(String line) {
        if (line.startsWith(LauncherProtocol.PORT_LINE_PREFIX)) {
            serverPort.complete(Integer.parseInt(line.substring(LauncherProtocol.PORT_LINE_PREFIX.length()).trim()));
        } else if (line.startsWith(LauncherProtocol.HEAP_LINE_PREFIX)) {
            heapAnswers.add(line.substring(LauncherProtocol.HEAP_LINE_PREFIX.length()));
        }
        profiling.accept(line);
        Matcher m = AGENT_STARTED.matcher(line);
        if (m.find()) {
            agentEndpoint.complete(new String[] {m.group(1), m.group(2), m.group(3)});
        } else if (line.contains("[soapscope]") && (line.contains("agent not started") || line.contains("no endpoint"))) {
            agentEndpoint.completeExceptionally(new IllegalStateException("the agent has no endpoint: " + line));
        }
    }

    /** Notes the agent's lines about continuous profiling: the backend it started, its first warning about it. */
    static final class ProfilingLines {
        private volatile String backend;
        private volatile String warning;

        void accept(String line) {
            Matcher p = PROFILING.matcher(line);
            if (p.find()) {
                if (backend == null) {
                    backend = p.group(2);
                }
            } else if (line.startsWith(AGENT_WARNING) && line.contains("profil") && warning == null) {
                warning = line.substring(AGENT_WARNING.length());
            }
        }

        Profiling profiling() {
            return new Profiling(backend, warning);
        }
    }

    /** Closes the server's standard input (it stops by itself), then ends it if it has not within 20 s. */
    @Override
    public void close() throws InterruptedException {
        jvm.close();
        extractedJars.forEach(ServerProcess::deleteQuietly);
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // deleteOnExit has it
            }
        }
    }
}
