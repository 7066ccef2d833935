package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server distribution started by its own script in a fresh base directory under a test's temporary directory. */
abstract class DistributionServer implements AutoCloseable {

    /** Servers not closed yet: killed when the test JVM exits (a Failsafe timeout), so none outlives the build. */
    private static final Set<DistributionServer> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(DistributionServer::kill),
                "kill-left-over-servers"));
    }

    private final String name;
    private final Path base;
    private final int httpPort;
    private final long startNanos;

    /** {@code startNanos}: System.nanoTime() when the test began to set the server up (for {@link #mark}). */
    DistributionServer(String name, Path base, int httpPort, long startNanos) {
        this.name = name;
        this.startNanos = startNanos;
        this.base = base;
        this.httpPort = httpPort;
        ServerLogOnFailure.register(this);
        LIVE.add(this);
    }

    final String name() {
        return name;
    }

    /** CATALINA_BASE or JETTY_BASE: unique per test, so it also names the server's processes. */
    final Path base() {
        return base;
    }

    final int httpPort() {
        return httpPort;
    }

    /** {@code http://127.0.0.1:PORT/path} */
    final URI uri(String path) {
        return URI.create("http://127.0.0.1:" + httpPort + (path.startsWith("/") ? path : "/" + path));
    }

    /** What the JVM wrote to standard output and error (where the agent's start line is). */
    abstract String console();

    /** The console and the server's own log files, for failure messages. */
    abstract String allLogs();

    abstract boolean isRunning();

    /**
     * Stops the server the way its scripts do and checks that no process and no listening port is left, neither HTTP
     * nor {@code otherPorts} (an agent's endpoint).
     */
    abstract void stop(int... otherPorts) throws Exception;

    /** Kills whatever is left of the server (descendants included); never throws. */
    @Override
    public final void close() {
        LIVE.remove(this);
        kill();
    }

    /** Kills (SIGKILL) every process of this server still alive, descendants included, and waits for them to go. */
    abstract void kill();

    /** Prints {@code [servers] NAME: EVENT at X.X s} (since the server was started) for the build log. */
    final void mark(String event) {
        System.out.printf("[servers] %s: %s at %.1f s%n", name, event, (System.nanoTime() - startNanos) / 1e9);
    }

    /** The agent's endpoint, from its start line (the agent runs with {@code port=0}). */
    final AgentEndpoint agent() {
        boolean started = Launch.await(() -> AgentEndpoint.in(console()).isPresent(), Duration.ofSeconds(60), this::isRunning);
        assertTrue(started, () -> name + ": no agent start line\n" + allLogs());
        mark("agent started");
        return AgentEndpoint.in(console()).orElseThrow();
    }

    /** The agent's own lines on the console ({@code [soapscope] LEVEL ...}). */
    final List<String> agentLines() {
        return console().lines().filter(l -> l.contains("[soapscope]")).toList();
    }

    /** No line of the agent is a warning, nor shown by the server as an error. */
    final void assertNoAgentWarning() {
        List<String> lines = agentLines();
        assertFalse(lines.stream().anyMatch(l -> l.contains(" WARN ") || l.contains("ERROR")),
                () -> name + ": the agent printed a warning, or the server showed its line as an error:\n" + lines);
    }

    /** Waits (at most 90 s) until {@code path} answers with anything but 404 or 503; returns that status. */
    final int awaitDeployed(String path) {
        int status = Launch.awaitDeployed(uri(path), Duration.ofSeconds(90), this::isRunning, this::allLogs);
        mark(path + " deployed");
        return status;
    }

    /**
     * SIGTERM to {@code process}, as a service manager or Ctrl-C would: it and its descendants must be gone within
     * 30 s (else they are killed and the test fails), with nothing left.
     */
    final void stopBySigterm(Process process, int... otherPorts) throws Exception {
        List<ProcessHandle> tree = Launch.tree(process.toHandle());
        process.destroy();
        boolean stopped = process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)
                && Launch.await(() -> tree.stream().noneMatch(ProcessHandle::isAlive), Duration.ofSeconds(30), () -> true);
        if (!stopped) {
            Launch.kill(tree);
        }
        assertTrue(stopped, () -> name + " did not stop within 30 s of SIGTERM\n" + allLogs());
        assertNothingLeft(tree, otherPorts);
    }

    /** Kills {@code process}, its descendants and every process that mentions the base directory; never throws. */
    final void killAll(Process process) {
        List<ProcessHandle> left = new java.util.ArrayList<>(Launch.tree(process.toHandle()));
        left.addAll(Launch.processesMentioning(base.toString()));
        Launch.kill(left);
    }

    /** After {@link #stop()}: no process mentions the base directory, the ports are closed. */
    final void assertNothingLeft(List<ProcessHandle> processesSeen, int... otherPorts) {
        for (ProcessHandle p : processesSeen) {
            assertTrue(!p.isAlive(), () -> name + ": process left after stop:" + Launch.describe(List.of(p)));
        }
        List<ProcessHandle> left = Launch.processesMentioning(base.toString());
        assertTrue(left.isEmpty(), () -> name + ": processes left after stop:" + Launch.describe(left));
        assertTrue(Launch.portClosed(httpPort), () -> name + ": HTTP port " + httpPort + " still open after stop");
        for (int port : otherPorts) {
            assertTrue(Launch.portClosed(port), () -> name + ": port " + port + " still open after stop");
        }
        mark("stopped, nothing left");
    }
}
