package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.soapscope.testkit.Http;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Prometheus (Debian's {@code prometheus} package) in its own process, scraping one target, on a free loopback
 * port with its storage under the test's directory; queried through its HTTP API.
 */
final class Prometheus implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final Path log;
    private final URI base;

    private Prometheus(Process process, Path log, URI base) {
        this.process = process;
        this.log = log;
        this.base = base;
    }

    /** The {@code prometheus} executable on the PATH; fails naming the package to install when there is none. */
    static Path executable() {
        return executable(System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    }

    static Path executable(String path) {
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "prometheus");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError("this test runs a real Prometheus: no `prometheus` on the PATH (" + path + "). "
                + "Install Debian's package `prometheus`: run scripts/install-test-deps.sh (as root or with sudo; "
                + "scripts/test.sh runs it), or apt-get install prometheus.");
    }

    /**
     * Starts Prometheus scraping {@code target}'s /metrics every {@code scrapeInterval}, with these extra command-line
     * flags (such as {@code --enable-feature=exemplar-storage}); returns once it is ready.
     */
    static Prometheus start(Path dir, URI target, Duration scrapeInterval, String... flags)
            throws IOException, InterruptedException {
        return start(dir, config(target, scrapeInterval), flags);
    }

    /**
     * Starts Prometheus with this whole configuration ({@code prometheus.yml} as JSON, which is YAML), with these extra
     * command-line flags; returns once it is ready.
     */
    static Prometheus start(Path dir, ObjectNode config, String... flags) throws IOException, InterruptedException {
        Path executable = executable();
        Path data = dir.resolve("data");
        deleteTree(data); // a fresh store: the last run's agent, on another port, would be a second instance
        Files.createDirectories(dir);
        Path configFile = dir.resolve("prometheus.yml");
        // JSON is YAML: the config written with Jackson needs no quoting rules of its own
        JSON.writerWithDefaultPrettyPrinter().writeValue(configFile.toFile(), config);
        int port = freePort();
        Path log = dir.resolve("prometheus.log");
        List<String> command = new ArrayList<>(List.of(executable.toString(),
                "--config.file=" + configFile,
                "--web.listen-address=127.0.0.1:" + port,
                "--storage.tsdb.path=" + data,
                "--log.level=warn"));
        command.addAll(List.of(flags));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Prometheus prometheus = new Prometheus(process, log, URI.create("http://127.0.0.1:" + port));
        try {
            prometheus.awaitReady();
            return prometheus;
        } catch (RuntimeException | Error | InterruptedException e) {
            prometheus.close();
            throw e;
        }
    }

    private static ObjectNode config(URI target, Duration scrapeInterval) {
        String interval = scrapeInterval.toMillis() + "ms";
        ObjectNode config = JSON.createObjectNode();
        config.putObject("global").put("scrape_interval", interval).put("scrape_timeout", interval);
        ObjectNode job = config.putArray("scrape_configs").addObject();
        job.put("job_name", "soapscope").put("metrics_path", "/metrics");
        job.putArray("static_configs").addObject().putArray("targets").add(target.getHost() + ":" + target.getPort());
        return config;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("Prometheus ended with exit code " + process.exitValue() + ":\n" + log());
            }
            try {
                if (Http.get(base.resolve("/-/ready")).status() == 200) {
                    return;
                }
            } catch (UncheckedIOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Prometheus not ready within " + READY_TIMEOUT + ":\n" + log());
    }

    /** {@code /api/v1/query}: the expression's value now. Fails on an error answer (a query Prometheus rejects). */
    JsonNode query(String expr) {
        return api("/api/v1/query", Map.of("query", expr));
    }

    /** {@code /api/v1/query_range}: the expression from {@code start} to {@code end} every {@code step}. */
    JsonNode queryRange(String expr, Instant start, Instant end, Duration step) {
        return api("/api/v1/query_range", Map.of("query", expr, "start", seconds(start), "end", seconds(end),
                "step", seconds(step)));
    }

    /** {@code /api/v1/targets}: what Prometheus scrapes, with each target's health and last error. */
    JsonNode targets() {
        return api("/api/v1/targets", Map.of());
    }

    /** {@code /api/v1/query_exemplars}: the exemplars of the expression's series from {@code start} to {@code end}. */
    JsonNode queryExemplars(String expr, Instant start, Instant end) {
        return api("/api/v1/query_exemplars", Map.of("query", expr, "start", seconds(start), "end", seconds(end)));
    }

    /** {@code /api/v1/label/LABEL/values?match[]=SELECTOR}: what Grafana runs for {@code label_values(selector, label)}. */
    List<String> labelValues(String label, String selector) {
        List<String> values = new ArrayList<>();
        api("/api/v1/label/" + label + "/values", Map.of("match[]", selector)).forEach(v -> values.add(v.asText()));
        return values;
    }

    /** Whether a query's {@code data} holds at least one finite number: a panel with something to draw. */
    static boolean hasFiniteValue(JsonNode data) {
        for (JsonNode series : data.path("result")) {
            List<JsonNode> samples = new ArrayList<>();
            series.path("values").forEach(samples::add);
            if (series.has("value")) {
                samples.add(series.get("value"));
            }
            for (JsonNode sample : samples) {
                double v = Double.parseDouble(sample.get(1).asText());
                if (Double.isFinite(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The newest lines of Prometheus's own log, for failure messages. */
    String log() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private JsonNode api(String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        Http.Response response = Http.get(URI.create(base + path + "?" + query));
        JsonNode answer;
        try {
            answer = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new AssertionError(path + " answered no JSON: " + response, e);
        }
        if (response.status() != 200 || !"success".equals(answer.path("status").asText())) {
            throw new AssertionError(path + " " + params + " failed: " + response.status() + " "
                    + Optional.ofNullable(answer.get("error")).map(JsonNode::asText).orElse(response.body()));
        }
        return answer.get("data");
    }

    private static String seconds(Instant t) {
        return String.valueOf(t.toEpochMilli() / 1000.0);
    }

    private static String seconds(Duration d) {
        return String.valueOf(d.toMillis() / 1000.0);
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
