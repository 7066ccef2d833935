package dev.soapscope.testkit;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The truth per operation about a real application's requests: Tomcat's access log, one line per request with its
 * {@code SOAPAction}, status, method, path and the client's port, written by an AccessLogValve that a
 * {@code META-INF/context.xml} added to the exploded webapp configures (the container's per-context configuration:
 * nothing of the application changes). Each call a client makes is one request, so it is the truth on both sides.
 */
public final class AccessLogTruth {
    /** POST requests per SOAPAction ({@code -} when a request had none). */
    public final Map<String, Long> posts = new TreeMap<>();
    /** Of those, the ones answered 500: SOAP faults. */
    public final Map<String, Long> faults = new TreeMap<>();
    /**
     * Per SOAPAction, the requests that came on another connection than the one before them (what a client's
     * {@code connection.new} counts: a new connection to a peer it had connected to before).
     */
    public final Map<String, Long> reconnects = new TreeMap<>();
    /** GET requests (WSDL and schema fetches). */
    public long gets;

    private AccessLogTruth() {
    }

    /** Adds the valve to the exploded {@code webapp}, logging into {@code logDir}; returns the log file it will write. */
    public static Path configure(Path webapp, Path logDir) throws IOException {
        Files.createDirectories(logDir);
        Files.createDirectories(webapp.resolve("META-INF"));
        Files.writeString(webapp.resolve("META-INF/context.xml"), "<Context>\n"
                + "  <Valve className=\"org.apache.catalina.valves.AccessLogValve\" directory=\"" + logDir + "\"\n"
                + "         prefix=\"access\" suffix=\".log\" rotatable=\"false\" buffered=\"false\"\n"
                + "         pattern=\"%{SOAPAction}i %s %m %U %{remote}p\"/>\n</Context>\n");
        return logDir.resolve("access.log");
    }

    /** Lines {@code \"getObject\" 500 POST /services11/ObjectService 41234} (the valve escapes the header's quotes). */
    public static AccessLogTruth read(Path log) throws IOException {
        AccessLogTruth truth = new AccessLogTruth();
        String port = null;
        for (String line : Files.readAllLines(log)) {
            String[] f = line.split(" ");
            if (f[2].equals("POST")) {
                String action = f[0].replace("\\", "").replace("\"", "");
                truth.posts.merge(action, 1L, Long::sum);
                if (f[1].equals("500")) {
                    truth.faults.merge(action, 1L, Long::sum);
                }
                if (port != null && !port.equals(f[4])) {
                    truth.reconnects.merge(action, 1L, Long::sum);
                }
                port = f[4];
            } else if (f[2].equals("GET")) {
                truth.gets++;
            }
        }
        return truth;
    }

    /**
     * Per operation, the server's requests and the client's calls (their agents' /phases) are this log's POSTs, and the
     * server's GETs its GETs: each call is one request, so the log is the truth on both sides.
     */
    public void assertCounts(JsonNode serverPhases, JsonNode clientPhases) {
        assertAll(
                () -> assertEquals(posts, AgentEndpoint.requestsPerOperation(serverPhases),
                        "server /phases requests per operation vs the access log"),
                () -> assertEquals(posts, AgentEndpoint.callsPerOperation(clientPhases),
                        "client /phases calls per operation vs the access log"),
                () -> assertEquals(gets, AgentEndpoint.getRequests(serverPhases), "server: GET requests vs the access log"));
    }

    /** The 500s (SOAP faults) per operation are the server's {@code server_error} and the client's {@code fault}. */
    public void assertFaults(JsonNode serverPhases, JsonNode clientPhases) {
        Map<String, Long> serverErrors = new TreeMap<>();
        for (JsonNode op : AgentEndpoint.soapOperations(serverPhases)) {
            putIfPositive(serverErrors, op.get("operation").asText(), op.path("outcomes").path("server_error").asLong());
        }
        Map<String, Long> clientFaults = new TreeMap<>();
        for (JsonNode call : clientPhases.get("clients")) {
            putIfPositive(clientFaults, call.get("operation").asText(), call.path("outcomes").path("fault").asLong());
        }
        assertAll(
                () -> assertEquals(faults, serverErrors, "server outcomes server_error per operation"),
                () -> assertEquals(faults, clientFaults, "client outcomes fault per operation"));
    }

    /** One operation, one name: the server's SOAP operations (its GETs left out) are the client's calls, by name. */
    public static void assertSameNames(JsonNode serverPhases, JsonNode clientPhases) {
        assertEquals(AgentEndpoint.requestsPerOperation(serverPhases).keySet(),
                AgentEndpoint.callsPerOperation(clientPhases).keySet(), "operation names: server vs client");
    }

    private static void putIfPositive(Map<String, Long> map, String key, long n) {
        if (n > 0) {
            map.put(key, n);
        }
    }

    /**
     * The agent's /phases once it counts as many SOAP requests (those not named {@code GET ...}) as the log has POSTs
     * (the agent ends a request when the servlet returns; the valve logs it after that), or after 10 s.
     */
    public static JsonNode awaitRequests(AgentEndpoint agent, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            JsonNode phases = agent.phases();
            List<String> lines = Files.readAllLines(log);
            long posts = lines.stream().filter(l -> l.contains(" POST ")).count();
            long counted = 0;
            for (JsonNode op : phases.get("operations")) {
                if (!op.get("operation").asText().startsWith("GET ")) {
                    counted += op.get("requests").asLong();
                }
            }
            if (counted >= posts || System.nanoTime() > deadline) {
                return phases;
            }
            Thread.sleep(100);
        }
    }
}
