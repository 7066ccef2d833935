package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;

import java.net.URI;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent's endpoint in a forked server, found from the agent's start-up line (tests start it on port 0). */
final class AgentEndpoint {
    private static final Pattern STARTED = Pattern.compile("endpoint http://([0-9.]+:[0-9]+)/metrics");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    private AgentEndpoint(URI base) {
        this.base = base;
    }

    static AgentEndpoint of(ForkedServer server) {
        assertTrue(server.waitForOutput("agent ", Duration.ofSeconds(30)), "agent did not start:\n" + server.output());
        Matcher m = STARTED.matcher(server.output());
        assertTrue(m.find(), "no endpoint line in:\n" + server.output());
        return new AgentEndpoint(URI.create("http://" + m.group(1)));
    }

    PrometheusText metrics() {
        return PrometheusText.parse(get("/metrics"));
    }

    JsonNode phases() throws Exception {
        return JSON.readTree(get("/phases"));
    }

    JsonNode hotspots() throws Exception {
        return JSON.readTree(get("/hotspots"));
    }

    Http.Response raw(String path) {
        return Http.get(base.resolve(path));
    }

    private String get(String path) {
        Http.Response r = Http.get(base.resolve(path));
        assertEquals(200, r.status(), path + " answered " + r);
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
}
