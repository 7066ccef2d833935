package dev.soapscope.demo;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.soapscope.demo.server.TomcatLauncher;

/**
 * The demo server in its own JVM with the agent attached: runs {@link TomcatLauncher} from this jar's own class path
 * (Tomcat is inside it), waits for the agent's start line (its endpoint port) and the launcher's port line, and writes
 * everything the server prints to a log file.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Pattern AGENT_STARTED =
            Pattern.compile("\\[soapscope] INFO agent .* started: endpoint http://([^\\s/]+):(\\d+)/metrics; probes: (.*)");
    private static final int TAIL_LINES = 40;

    private final Process process;
    private final List<String> command;
    private final Writer log;
    private final Deque<String> tail = new ArrayDeque<>();
    private final CompletableFuture<Integer> serverPort = new CompletableFuture<>();
    private final CompletableFuture<String[]> agentEndpoint = new CompletableFuture<>();
    private final List<Thread> readers = new ArrayList<>();

    private ServerProcess(Process process, List<String> command, Writer log) {
        this.process = process;
        this.command = command;
        this.log = log;
    }

    /** Why the server is not there: the message, then the last lines it printed. */
    public static final class StartFailure extends Exception {
        private static final long serialVersionUID = 1L;

        StartFailure(String message) {
            super(message);
        }
    }

    public static ServerProcess start(Path agentJar, Path war, int maxThreads, Path logFile)
            throws IOException, StartFailure, InterruptedException {
        List<String> command = command(agentJar, war, maxThreads);
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8);
        log.write("# " + String.join(" ", command) + "\n");
        Process process = new ProcessBuilder(command).start();
        ServerProcess server = new ServerProcess(process, command, log);
        server.read(process.getInputStream(), "stdout");
        server.read(process.getErrorStream(), "stderr");
        process.onExit().thenRun(() -> {
            String why = "the server JVM ended (exit code " + process.exitValue() + ") before it was ready";
            server.serverPort.completeExceptionally(new IllegalStateException(why));
            server.agentEndpoint.completeExceptionally(new IllegalStateException(why));
        });
        try {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            server.agentEndpoint.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            server.serverPort.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return server;
        } catch (ExecutionException | TimeoutException e) {
            String why = e instanceof TimeoutException ? "the server was not ready within " + START_TIMEOUT.toSeconds() + " s"
                    : e.getCause().getMessage();
            server.close();
            throw new StartFailure(why + "; its last lines:\n" + server.tail());
        }
    }

    static List<String> command(Path agentJar, Path war, int maxThreads) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        // explicit, so SOAPSCOPE_* variables in the environment cannot hide the endpoint or its start line
        command.add("-javaagent:" + agentJar.toAbsolutePath() + "=port=0,host=127.0.0.1,endpoint=true,log=info");
        command.add("-cp");
        command.add(classPath());
        command.add(TomcatLauncher.class.getName());
        command.add("--war");
        command.add(war.toAbsolutePath().toString());
        command.add("--port");
        command.add("0");
        command.add("--max-threads");
        command.add(String.valueOf(maxThreads));
        return command;
    }

    /**
     * Where the launcher, Tomcat and its annotations API come from: this one jar when run as {@code java -jar}, the
     * module's classes and Tomcat's jars in a Maven build. Nothing else (Jackson, test jars) reaches the server.
     */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String className : List.of(TomcatLauncher.class.getName(), "org.apache.catalina.startup.Tomcat",
                "jakarta.annotation.PostConstruct")) {
            entries.add(location(className).toString());
        }
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

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The last lines the server printed. */
    public synchronized String tail() {
        return String.join("\n", tail);
    }

    private void read(InputStream stream, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    line(line);
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "soapscope-server-" + name);
        t.setDaemon(true);
        readers.add(t);
        t.start();
    }

    private synchronized void line(String line) {
        try {
            log.write(line);
            log.write('\n');
        } catch (IOException e) {
            // the log is a convenience
        }
        tail.addLast(line);
        if (tail.size() > TAIL_LINES) {
            tail.removeFirst();
        }
        if (line.startsWith(TomcatLauncher.PORT_LINE_PREFIX)) {
            serverPort.complete(Integer.parseInt(line.substring(TomcatLauncher.PORT_LINE_PREFIX.length()).trim()));
        }
        Matcher m = AGENT_STARTED.matcher(line);
        if (m.find()) {
            agentEndpoint.complete(new String[] {m.group(1), m.group(2), m.group(3)});
        } else if (line.contains("[soapscope]") && (line.contains("agent not started") || line.contains("no endpoint"))) {
            agentEndpoint.completeExceptionally(new IllegalStateException("the agent has no endpoint: " + line));
        }
    }

    /** Closes the server's standard input (it stops by itself), then ends it if it has not within 20 s. */
    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (Thread t : readers) {
            t.join(2000);
        }
        synchronized (this) {
            try {
                log.close();
            } catch (IOException e) {
                // nothing to add
            }
        }
    }
}
