package dev.soapscope.servers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An agent endpoint ({@code http://127.0.0.1:PORT}, found from the agent's start line) or a servlet filter's endpoint
 * inside a webapp ({@code http://127.0.0.1:PORT/context/soapscope}): {@code /metrics}, {@code /phases},
 * {@code /hotspots}.
 */
final class AgentEndpoint {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    AgentEndpoint(URI base) {
        this.base = base;
    }

    /** The endpoint's port (for checking that it closed with the server). */
    int port() {
        return base.getPort();
    }

    PrometheusText metrics() {
        return PrometheusText.parse(get("/metrics"));
    }

    JsonNode phases() {
        return json("/phases");
    }

    JsonNode hotspots() {
        return json("/hotspots");
    }

    private JsonNode json(String path) {
        try {
            return JSON.readTree(get(path));
        } catch (IOException e) {
            throw new UncheckedIOException(base + path, e);
        }
    }

    private String get(String path) {
        URI uri = URI.create(base + path);
        Http.Response r = Http.get(uri);
        assertEquals(200, r.status(), () -> uri + " answered " + r);
        return r.body();
    }

    /** The /phases entry of one operation. */
    static JsonNode operation(JsonNode phases, String name) {
        for (JsonNode op : phases.get("operations")) {
            if (op.get("operation").asText().equals(name)) {
                return op;
            }
        }
        throw new AssertionError("no operation " + name + " in " + phases.toPrettyString());
    }

    @Override
    public String toString() {
        return base.toString();
    }
}
