package dev.soapscope.demo.springwsecho;

import dev.soapscope.testkit.AgentEndpoint;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spring Boot executable jar run as its users run it ({@code java -jar}, embedded Tomcat) with the agent attached:
 * the testkit's {@code ForkedServer} runs a main class of ours, this runs the application's own launcher. Its output
 * (the sample logs every request at DEBUG and TRACE) is kept as the soapscope lines and the newest lines only.
 */
final class BootJarUnderAgent implements AutoCloseable {
    private static final Pattern TOMCAT_PORT = Pattern.compile("Tomcat started on port (\\d+)");
    private static final int KEPT_LINES = 200;

    private final Process process;
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private final StringBuilder soapscopeLines = new StringBuilder();
    private final Deque<String> newest = new ArrayDeque<>();

    private BootJarUnderAgent(Process process) {
        this.process = process;
        Thread reader = new Thread(this::drain, "boot-jar-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code java -javaagent:AGENT=port=0 -jar JAR --server.port=0}, once Tomcat listens (at most 90 s). */
    static BootJarUnderAgent start(Path agentJar, Path jar) {
        return start(agentJar, jar, Path.of(System.getProperty("java.home")));
    }

    /** As {@link #start(Path, Path)}, on the JDK at {@code javaHome}, with Spring Boot arguments of the test's. */
    static BootJarUnderAgent start(Path agentJar, Path jar, Path javaHome, String... bootArgs) {
        return start(agentJar, "", jar, javaHome, bootArgs);
    }

    /** As above, with more agent arguments ({@code profiler=cpu,...}) after {@code port=0}. */
    static BootJarUnderAgent start(Path agentJar, String agentArgs, Path jar, Path javaHome, String... bootArgs) {
        return start(false, agentJar, agentArgs, jar, javaHome, bootArgs);
    }

    /** As {@link #start(Path, Path, Path, String...)} with the JDK's default JIT: for a test of TLS handshakes. */
    static BootJarUnderAgent startFullJit(Path agentJar, Path jar, Path javaHome, String... bootArgs) {
        return start(true, agentJar, "", jar, javaHome, bootArgs);
    }

    /** As {@link #start(Path, Path)} with the JDK's default JIT. */
    static BootJarUnderAgent startFullJit(Path agentJar, Path jar) {
        return startFullJit(agentJar, jar, Path.of(System.getProperty("java.home")));
    }

    /** {@code fullJit}: without the options of {@link dev.soapscope.testkit.TestJvms}. */
    private static BootJarUnderAgent start(boolean fullJit, Path agentJar, String agentArgs, Path jar, Path javaHome,
                                           String... bootArgs) {
        List<String> command = new java.util.ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), "-Xmx512m",
                "-javaagent:" + agentJar.toAbsolutePath() + "=port=0" + (agentArgs.isEmpty() ? "" : "," + agentArgs),
                "-jar", jar.toAbsolutePath().toString(),
                "--server.port=0"));
        command.addAll(List.of(bootArgs));
        command.addAll(1, dev.soapscope.testkit.TestJvms.options(fullJit));
        BootJarUnderAgent app;
        try {
            app = new BootJarUnderAgent(new ProcessBuilder(command).redirectErrorStream(true).start());
        } catch (IOException e) {
            throw new UncheckedIOException(String.join(" ", command), e);
        }
        try {
            app.port.get(90, TimeUnit.SECONDS);
            return app;
        } catch (Exception e) {
            app.close();
            throw new IllegalStateException("no Tomcat port from " + String.join(" ", command) + "\n" + app.output(), e);
        }
    }

    int port() {
        return port.join();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port.join() + path);
    }

    AgentEndpoint agent() {
        return AgentEndpoint.in(soapscopeOutput()).orElseThrow(() -> new AssertionError("no agent line in " + output()));
    }

    /** Every line the agent wrote. */
    synchronized String soapscopeOutput() {
        return soapscopeLines.toString();
    }

    /** The agent's lines and the newest lines of the rest. */
    synchronized String output() {
        return soapscopeLines + "...\n" + String.join("\n", newest);
    }

    private void drain() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), Charset.defaultCharset()))) {
            for (String line; (line = in.readLine()) != null; ) {
                keep(line);
            }
        } catch (IOException e) {
            keep("[reading the output failed: " + e + "]");
        } finally {
            port.completeExceptionally(new IllegalStateException("the application ended"));
        }
    }

    private synchronized void keep(String line) {
        if (line.contains("[soapscope]")) {
            soapscopeLines.append(line).append('\n');
        }
        Matcher m = TOMCAT_PORT.matcher(line);
        if (m.find()) {
            port.complete(Integer.parseInt(m.group(1)));
        }
        newest.addLast(line);
        if (newest.size() > KEPT_LINES) {
            newest.removeFirst();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
