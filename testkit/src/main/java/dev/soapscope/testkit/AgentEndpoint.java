package dev.soapscope.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A soapscope endpoint: the agent's ({@code http://127.0.0.1:PORT}, found from its start line; tests start it with
 * {@code port=0}) or a servlet filter's inside a webapp ({@code http://127.0.0.1:PORT/context/soapscope}).
 */
public final class AgentEndpoint {
    /** {@code [soapscope] INFO agent 0.5.0 (commit 306d0ec1a2b3) started: endpoint http://127.0.0.1:PORT/metrics; ...} */
    private static final Pattern STARTED = Pattern.compile("agent [^:]+ started: endpoint (http://(?:[0-9.]+|\\[[0-9a-fA-F:]+\\]):[0-9]+)/metrics");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    public AgentEndpoint(URI base) {
        this.base = base;
    }

    /** The agent's endpoint in a forked server, once the agent has said it started. */
    public static AgentEndpoint of(ForkedServer server) {
        // the start line, which the agent's own thread prints once its endpoint is up ("agent " alone is also in
        // warnings printed before it, such as a bad setting's "(agent argument)")
        assertTrue(server.waitForOutput("INFO agent ", Duration.ofSeconds(30)), "agent did not start:\n" + server.output());
        return in(server.output()).orElseThrow(() -> new AssertionError("no endpoint line in:\n" + server.output()));
    }

    /** The endpoint an agent start line in {@code output} names, if there is one. */
    public static Optional<AgentEndpoint> in(String output) {
        Matcher m = STARTED.matcher(output);
        return m.find() ? Optional.of(new AgentEndpoint(URI.create(m.group(1)))) : Optional.empty();
    }

    public URI uri(String pathAndQuery) {
        return URI.create(base + pathAndQuery);
    }

    public int port() {
        return base.getPort();
    }

    public PrometheusText metrics() {
        return PrometheusText.parse(get("/metrics"));
    }

    public JsonNode phases() {
        return json("/phases");
    }

    public JsonNode hotspots() {
        return json("/hotspots");
    }

    /** Any answer, whatever its status. */
    public Http.Response raw(String pathAndQuery) {
        return Http.get(uri(pathAndQuery));
    }

    /**
     * The /phases a JVM's agent wrote into its run directory ({@code profiler.dir}) as it exited: for a client that ends
     * by itself. {@code output}: what the JVM printed, for the failure message.
     */
    public static JsonNode phasesIn(java.nio.file.Path runDir, String output) {
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(runDir)) {
            java.nio.file.Path file = files.filter(p -> p.getFileName().toString().equals("phases.json")).findFirst()
                    .orElseThrow(() -> new AssertionError("no phases.json in " + runDir + "\n" + output));
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The /phases entry of one operation. */
    public static JsonNode operation(JsonNode phases, String name) {
        for (JsonNode op : phases.get("operations")) {
            if (op.get("operation").asText().equals(name)) {
                return op;
            }
        }
        throw new AssertionError("no operation " + name + " in " + phases.toPrettyString());
    }

    /** The /phases {@code clients} entry of the calls of one operation (at whatever peer: the test's calls have one). */
    public static JsonNode client(JsonNode phases, String name) {
        for (JsonNode call : phases.get("clients")) {
            if (call.get("operation").asText().equals(name)) {
                return call;
            }
        }
        throw new AssertionError("no client call " + name + " in " + phases.toPrettyString());
    }

    /** Share of a /phases entry's time that no named phase claims ({@code other}), 0 when none. */
    public static double otherShare(JsonNode entry) {
        JsonNode other = entry.get("phases").get("other");
        return other == null ? 0 : other.get("share").asDouble();
    }

    /**
     * {@code other}'s share of the time an entry spent since {@code before}, its entry in an earlier /phases (null: all
     * of it): the share of the calls or requests after a warm-up.
     */
    public static double otherShareSince(JsonNode before, JsonNode after) {
        if (before == null) {
            return otherShare(after);
        }
        Map<String, Double> spent = selfMicrosBetween(before, after);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        return total <= 0 ? 1 : spent.getOrDefault("other", 0.0) / total;
    }

    /** The /phases {@code clients} entry of one operation, or null when it has none yet. */
    public static JsonNode clientOrNull(JsonNode phases, String name) {
        JsonNode clients = phases.get("clients");
        if (clients != null) {
            for (JsonNode call : clients) {
                if (call.get("operation").asText().equals(name)) {
                    return call;
                }
            }
        }
        return null;
    }

    /** {@code operation @ peer = calls (outcomes)} for each /phases {@code clients} entry: for failure messages. */
    public static Map<String, String> clientRows(JsonNode phases) {
        Map<String, String> rows = new java.util.LinkedHashMap<>();
        JsonNode clients = phases.get("clients");
        if (clients != null) {
            clients.forEach(e -> rows.put(e.get("operation").asText() + " @ " + e.path("peer").asText(),
                    e.get("requests").asLong() + " " + e.path("outcomes")));
        }
        return rows;
    }

    /** A /phases' operations that are SOAP requests: not the GETs (a WSDL fetch is named {@code GET /path?wsdl}). */
    public static List<JsonNode> soapOperations(JsonNode phases) {
        List<JsonNode> ops = new ArrayList<>();
        for (JsonNode op : phases.get("operations")) {
            if (!op.get("operation").asText().startsWith("GET ")) {
                ops.add(op);
            }
        }
        return ops;
    }

    /** A /phases' SOAP requests per operation ({@link #soapOperations}). */
    public static TreeMap<String, Long> requestsPerOperation(JsonNode phases) {
        TreeMap<String, Long> requests = new TreeMap<>();
        soapOperations(phases).forEach(op -> requests.put(op.get("operation").asText(), op.get("requests").asLong()));
        return requests;
    }

    /** A /phases' GET requests, all paths. */
    public static long getRequests(JsonNode phases) {
        long n = 0;
        for (JsonNode op : phases.get("operations")) {
            if (op.get("operation").asText().startsWith("GET ")) {
                n += op.get("requests").asLong();
            }
        }
        return n;
    }

    /** A /phases' calls per operation, all peers. */
    public static TreeMap<String, Long> callsPerOperation(JsonNode phases) {
        TreeMap<String, Long> calls = new TreeMap<>();
        phases.get("clients").forEach(c -> calls.merge(c.get("operation").asText(), c.get("requests").asLong(), Long::sum));
        return calls;
    }

    /** Calls counted in a /phases, all operations and peers. */
    public static long callsCounted(JsonNode phases) {
        long n = 0;
        JsonNode clients = phases.get("clients");
        if (clients != null) {
            for (JsonNode e : clients) {
                n += e.get("requests").asLong();
            }
        }
        return n;
    }

    /**
     * Self time per phase, in microseconds, that one operation spent between two of its /phases entries (mean per
     * request times requests, per phase): the requests after a warm-up, say.
     */
    public static Map<String, Double> selfMicrosBetween(JsonNode before, JsonNode after) {
        Map<String, Double> spent = new TreeMap<>();
        for (Iterator<String> phases = after.get("phases").fieldNames(); phases.hasNext(); ) {
            String phase = phases.next();
            spent.put(phase, selfMicros(after, phase) - selfMicros(before, phase));
        }
        return spent;
    }

    private static double selfMicros(JsonNode operation, String phase) {
        JsonNode p = operation.get("phases").get(phase);
        return p == null ? 0 : p.get("mean_us").asDouble() * operation.get("requests").asLong();
    }

    /**
     * The /hotspots entry of one kind and site, its callers (one entry each) merged: per operation the counts,
     * requests and rates summed, and the callers and first stacks of all of them in one {@code callers} and one
     * {@code first_stack} array, the site's first first.
     */
    public static JsonNode site(JsonNode hotspots, String kind, String site) {
        ObjectNode merged = null;
        Map<String, ObjectNode> ops = new LinkedHashMap<>();
        for (JsonNode s : hotspots.get("hotspots")) {
            if (!s.get("kind").asText().equals(kind) || !s.get("site").asText().equals(site)) {
                continue;
            }
            if (merged == null) {
                merged = JSON.createObjectNode().put("kind", kind).put("site", site).put("total", 0L);
                merged.putArray("callers");
                merged.putArray("first_stack");
            }
            merged.put("total", merged.get("total").asLong() + s.path("total").asLong());
            if (s.path("per_call").isNumber()) { // a client.create site: its rate over all calls, summed over callers
                merged.put("per_call", merged.path("per_call").asDouble() + s.get("per_call").asDouble());
            }
            ((ArrayNode) merged.get("callers")).add(s.path("caller").asText());
            s.path("first_stack").forEach(((ArrayNode) merged.get("first_stack"))::add);
            for (JsonNode op : s.path("operations")) {
                ObjectNode sum = ops.computeIfAbsent(op.get("operation").asText(),
                        name -> JSON.createObjectNode().put("operation", name).put("count", 0L).put("requests", 0L));
                sum.put("count", sum.get("count").asLong() + op.path("count").asLong());
                sum.put("requests", sum.get("requests").asLong() + op.path("requests").asLong());
                if (op.path("per_request").isNumber()) {
                    sum.put("per_request", sum.path("per_request").asDouble() + op.get("per_request").asDouble());
                }
            }
        }
        if (merged == null) {
            throw new AssertionError("no " + kind + " site " + site + " in " + hotspots.toPrettyString());
        }
        ops.values().forEach(((ArrayNode) merged.putArray("operations"))::add);
        return merged;
    }

    /** How many of a /hotspots site's events fell in {@code operation}'s requests (0 when none). */
    public static long countIn(JsonNode site, String operation) {
        for (JsonNode op : site.get("operations")) {
            if (op.get("operation").asText().equals(operation)) {
                return op.get("count").asLong();
            }
        }
        return 0;
    }

    /**
     * Waits up to 10 s until /phases counts {@code requests} of {@code operation}: the agent records a request when
     * its servlet call returns, which may be just after the client has the answer.
     */
    public void awaitRequests(String operation, int requests) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (JsonNode op : phases().get("operations")) {
                if (op.get("operation").asText().equals(operation) && op.get("requests").asLong() >= requests) {
                    return;
                }
            }
            Thread.sleep(50);
        }
    }

    private JsonNode json(String path) {
        try {
            return JSON.readTree(get(path));
        } catch (IOException e) {
            throw new UncheckedIOException(base + path, e);
        }
    }

    private String get(String path) {
        Http.Response r = Http.get(uri(path));
        assertEquals(200, r.status(), () -> base + path + " answered " + r);
        return r.body();
    }

    @Override
    public String toString() {
        return base.toString();
    }
}
