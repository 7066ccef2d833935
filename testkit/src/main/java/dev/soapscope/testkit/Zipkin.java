package dev.soapscope.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Zipkin server ({@link Tracers#zipkinServer()}, in-memory storage) in its own JVM on a free loopback port,
 * queried through its API ({@code /api/v2/...}).
 */
public final class Zipkin implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final Path log;
    private final int port;

    private Zipkin(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    public static Zipkin start(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = dir.resolve("zipkin.log");
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        command.addAll(TestJvms.options());
        command.addAll(java.util.List.of("-jar", Tracers.zipkinServer().toString(),
                "--armeria.ports[0].port=" + port, "--armeria.ports[0].ip=127.0.0.1",
                "--armeria.ports[0].protocols=http"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Zipkin zipkin = new Zipkin(p, log, port);
        try {
            zipkin.awaitReady();
            return zipkin;
        } catch (RuntimeException | Error | InterruptedException e) {
            zipkin.close();
            throw e;
        }
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Where span exporters send Zipkin v2 JSON. */
    public URI spansEndpoint() {
        return base().resolve("/api/v2/spans");
    }

    /** Every span of the service's traces Zipkin holds (its last {@code limit} traces), flattened. */
    public List<JsonNode> spans(String service, int limit) {
        Http.Response r = Http.get(base().resolve("/api/v2/traces?serviceName=" + service + "&limit=" + limit
                + "&lookback=3600000"));
        if (r.status() != 200) {
            throw new AssertionError("Zipkin answered " + r);
        }
        List<JsonNode> spans = new ArrayList<>();
        try {
            for (JsonNode trace : JSON.readTree(r.body())) {
                trace.forEach(spans::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return spans;
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("Zipkin ended with exit code " + process.exitValue() + ":\n" + log());
            }
            try {
                if (Http.get(base().resolve("/health")).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("Zipkin not ready after " + READY_TIMEOUT + ":\n" + log());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
