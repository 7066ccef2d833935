package dev.soapscope.demo;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.soapscope.demo.client.ClientProtocol;

/**
 * A workload scenario's client in a JVM of its own with the agent attached (the runner's own class path after the
 * stack's client kit, the {@link dev.soapscope.demo.client.ClientLauncher}), so that the report can show the client's
 * side of the calls beside the server's. Its output goes to a log file; progress lines are passed on.
 */
public final class ClientProcess implements AutoCloseable {

    /** The client's -Xmx unless a run asks otherwise (the client heap ladder does). */
    public static final int DEFAULT_HEAP_MB = 1024;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private ForkedJvm jvm;
    private final CompletableFuture<URI> agentEndpoint = new CompletableFuture<>();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final ObjectMapper json = new ObjectMapper();
    private volatile PrintStream progress;

    private ClientProcess() {
    }

    /** Thrown when the client JVM or its agent did not start; the message says why, with its last lines. */
    public static final class StartFailure extends Exception {
        private static final long serialVersionUID = 1L;

        StartFailure(String message) {
            super(message);
        }
    }

    /**
     * @param profileDir where the agent profiles the client continuously, null for no profile
     * @param heapMb     the client's -Xmx in MB
     * @param kit        jars that go before the runner's own on the client's class path (a client kit), or none
     * @param properties system properties of the client JVM
     * @param jvmOptions options for the client's JVM, after its -Xmx ({@code --jvm-option})
     */
    public static ClientProcess start(Path agentJar, Path logFile, Path profileDir, int heapMb, List<Path> kit,
                                      Map<String, String> properties, List<String> jvmOptions)
            throws IOException, StartFailure, InterruptedException {
        List<String> classPath = new ArrayList<>();
        kit.forEach(p -> classPath.add(p.toAbsolutePath().toString()));
        classPath.add(System.getProperty("java.class.path"));
        List<String> command = command(agentJar, String.join(File.pathSeparator, classPath), profileDir, heapMb,
                properties, jvmOptions);
        ClientProcess client = new ClientProcess();
        client.jvm = ForkedJvm.start(command, logFile, "client", client::line);
        Process process = client.jvm.process();
        process.onExit().thenRun(() -> {
            IllegalStateException gone = new IllegalStateException("the client JVM ended (exit code "
                    + process.exitValue() + ")");
            client.agentEndpoint.completeExceptionally(gone);
            client.ready.completeExceptionally(gone);
        });
        try {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            client.agentEndpoint.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            client.ready.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return client;
        } catch (ExecutionException | TimeoutException e) {
            String why = e instanceof TimeoutException ? "the client was not ready within "
                    + START_TIMEOUT.toSeconds() + " s" : e.getCause().getMessage();
            client.close();
            throw new StartFailure(why + "; its last lines:\n" + client.jvm.tail());
        }
    }

    static List<String> command(Path agentJar, String classPath, Path profileDir, int heapMb,
                                Map<String, String> properties, List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heapMb + "m");
        command.addAll(jvmOptions);
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add("-javaagent:" + agentJar.toAbsolutePath() + "=" + ServerProcess.agentOptions(profileDir));
        command.add("-cp");
        command.add(classPath);
        command.add(ClientProtocol.LAUNCHER_CLASS);
        return command;
    }

    /**
     * Runs one workload in the client JVM, its progress lines to {@code progress} (may be null); waits as long as the
     * run takes, unless the client JVM ends.
     *
     * @throws IOException when the client JVM failed the run or is gone; the message says why
     */
    public ClientProtocol.Answer run(ClientProtocol.Run run, PrintStream progress)
            throws IOException, InterruptedException {
        this.progress = progress;
        try {
            answers.clear();
            jvm.send(json.writeValueAsString(run));
            while (true) {
                String answer = answers.poll(1, TimeUnit.SECONDS);
                if (answer == null) {
                    if (!jvm.isAlive()) {
                        throw new IOException("the client JVM ended (exit code " + jvm.process().exitValue()
                                + "); its last lines:\n" + jvm.tail());
                    }
                    continue;
                }
                if (answer.startsWith(ClientProtocol.FAILED_LINE_PREFIX)) {
                    throw new IOException(answer.substring(ClientProtocol.FAILED_LINE_PREFIX.length()));
                }
                return json.readValue(answer.substring(ClientProtocol.OUTCOME_LINE_PREFIX.length()),
                        ClientProtocol.Answer.class);
            }
        } finally {
            this.progress = null;
        }
    }

    /** The client agent's endpoint, {@code http://127.0.0.1:PORT}. */
    public URI agentEndpoint() {
        return agentEndpoint.join();
    }

    public boolean isAlive() {
        return jvm.isAlive();
    }

    private void line(String line) {
        if (line.startsWith(ClientProtocol.OUTCOME_LINE_PREFIX) || line.startsWith(ClientProtocol.FAILED_LINE_PREFIX)) {
            answers.add(line);
        } else if (line.equals(ClientProtocol.READY_LINE)) {
            ready.complete(null);
        } else if (line.startsWith("[soapscope]")) {
            Matcher m = ServerProcess.AGENT_STARTED.matcher(line);
            if (m.find()) {
                agentEndpoint.complete(URI.create("http://" + m.group(1) + ":" + m.group(2)));
            } else if (line.contains("agent not started") || line.contains("no endpoint")) {
                agentEndpoint.completeExceptionally(new IllegalStateException("the agent has no endpoint: " + line));
            }
        } else {
            PrintStream p = progress;
            if (p != null) {
                p.println(line);
            }
        }
    }

    /** Closes the client's standard input (it ends by itself), then ends it if it has not within 20 s. */
    @Override
    public void close() throws InterruptedException {
        jvm.close();
    }
}
