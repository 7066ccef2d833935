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
     * Waits until the agent has counted {@code expected} requests of {@code operations} together (it records a request
     * as the servlet returns, which can be just after the client has the whole response), at most {@code timeout};
     * then reads them, named {@code name}.
     *
     * @return the figures, or null when the agent never saw the operations
     */
    public AgentFigures await(String name, List<String> operations, long expected, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode phases = phases();
        while (requests(phases, operations) < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            phases = phases();
        }
        return AgentFigures.parse(phases, hotspots(), name, operations);
    }

    private static long requests(JsonNode phases, List<String> operations) {
        long n = 0;
        for (String operation : operations) {
            JsonNode op = AgentFigures.findOperation(phases, operation);
            n += op == null ? 0 : op.path("requests").asLong();
        }
        return n;
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
