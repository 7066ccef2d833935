package dev.soapscope.demo.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads the agent's endpoint ({@code /phases}, {@code /hotspots}) in the forked server. */
public final class AgentClient {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final ObjectMapper json = new ObjectMapper();

    /** {@code base} such as {@code http://127.0.0.1:40123}. */
    public AgentClient(URI base) {
        this.base = base;
    }

    public JsonNode phases() throws IOException, InterruptedException {
        return get("/phases");
    }

    public JsonNode hotspots() throws IOException, InterruptedException {
        return get("/hotspots");
    }

    /**
     * Waits until the agent has counted {@code expected} requests of the operation (it records a request as the servlet
     * returns, which can be just after the client has the whole response), at most {@code timeout}; then reads it.
     *
     * @return the figures, or null when the agent never saw the operation
     */
    public AgentFigures await(String operation, long expected, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode phases = phases();
        while (requests(phases, operation) < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            phases = phases();
        }
        return AgentFigures.parse(phases, hotspots(), operation);
    }

    /** Both documents now, for {@link FiguresBetween}. */
    public FiguresBetween.Snapshot snapshot() throws IOException, InterruptedException {
        return new FiguresBetween.Snapshot(phases(), hotspots());
    }

    /**
     * Waits until the agent has counted {@code expected} more requests of {@code operations} than in {@code before},
     * at most {@code timeout}; then the figures of those requests, named {@code name} (null when there were none).
     */
    public AgentFigures awaitSince(FiguresBetween.Snapshot before, String name, List<String> operations, long expected,
                                   Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long already = FiguresBetween.requests(before.phases(), operations);
        JsonNode phases = phases();
        while (FiguresBetween.requests(phases, operations) - already < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            phases = phases();
        }
        return FiguresBetween.of(name, operations, before, new FiguresBetween.Snapshot(phases, hotspots()));
    }

    private static long requests(JsonNode phases, String operation) {
        JsonNode op = AgentFigures.findOperation(phases, operation);
        return op == null ? 0 : op.path("requests").asLong();
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).GET().build();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException("the agent's " + path + " answered HTTP " + response.statusCode());
        }
        return json.readTree(response.body());
    }
}
