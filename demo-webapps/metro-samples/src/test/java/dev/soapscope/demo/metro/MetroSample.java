package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Wars;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One of Metro's own sample WARs (built by this module) deployed on Tomcat 11 under the agent, and what it reports. */
final class MetroSample implements AutoCloseable {
    static final String SOAP11 = "text/xml; charset=utf-8";
    static final String SOAP12 = "application/soap+xml; charset=utf-8";
    static final String NS = "http://duke.example.org";
    /**
     * The most of a sample operation's wall time left in {@code other}: 1-4.4% measured while other builds loaded
     * the machine (1.7-3% of CPU samples in 40 s profiles), so the 90% named holds with a margin.
     */
    static final double MAX_OTHER = 0.08;

    final ForkedServer server;
    final AgentEndpoint agent;

    private MetroSample(ForkedServer server) {
        this.server = server;
        this.agent = AgentEndpoint.of(server);
    }

    /** {@code war}: the file name in the module's target directory, e.g. {@code metro-fromwsdl.war}. */
    static MetroSample deploy(String war, Path webapp) throws IOException {
        Path target = Path.of(System.getProperty("metro.wars", "target"));
        return new MetroSample(ForkedServer.tomcat()
                .webapp(Wars.explode(target.resolve(war), webapp))
                .agentUnderTest()
                .start());
    }

    /** A SOAP 1.1 envelope around {@code payload}; the body elements in the samples' namespace, prefix ns. */
    static String soap11(String payload) {
        return "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>" + payload
                + "</S:Body></S:Envelope>";
    }

    static String soap12(String payload) {
        return "<S:Envelope xmlns:S=\"http://www.w3.org/2003/05/soap-envelope\"><S:Body>" + payload
                + "</S:Body></S:Envelope>";
    }

    static String addNumbers(int a, int b) {
        return "<ns:addNumbers xmlns:ns=\"" + NS + "\"><ns:arg0>" + a + "</ns:arg0><ns:arg1>" + b
                + "</ns:arg1></ns:addNumbers>";
    }

    /** POSTs one envelope to the samples' endpoint, {@code /addnumbers}, and checks the status; returns the body. */
    String post(String contentType, String envelope, Map<String, String> headers, int status) {
        Http.Response r = Http.post(server.uri("/addnumbers"), envelope, contentType, headers);
        assertEquals(status, r.status(), r.body());
        return r.body();
    }

    /**
     * /phases once it counts {@code served} requests over all operations (or after 10 s): the agent ends a request
     * after its response went out, so the client may ask before the last one is counted.
     */
    JsonNode phasesOnceCounted(long served) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        JsonNode phases = agent.phases();
        while (requestsByOperation(phases).values().stream().mapToLong(Long::longValue).sum() < served
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            phases = agent.phases();
        }
        return phases;
    }

    /** Requests per operation, as /phases lists them. */
    static Map<String, Long> requestsByOperation(JsonNode phases) {
        Map<String, Long> requests = new TreeMap<>();
        for (JsonNode op : phases.get("operations")) {
            requests.put(op.get("operation").asText(), op.get("requests").asLong());
        }
        return requests;
    }

    /** {@code soapscope_request_duration_seconds_count} summed over every operation: what Prometheus would add up. */
    double requestsCountedInMetrics() {
        double counted = 0;
        for (PrometheusText.Sample s : agent.metrics().samples("soapscope_request_duration_seconds_count")) {
            counted += s.value();
        }
        return counted;
    }

    /** Each phase entered by every one of the operation's {@code requests}, with time in it. */
    static void assertPhasesOfEveryRequest(JsonNode operation, long requests, String... phases) {
        for (String phase : phases) {
            JsonNode p = operation.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == requests && p.get("mean_us").asDouble() > 0,
                    phase + ": " + operation.toPrettyString());
        }
    }

    /** {@code other}'s share of the operation's self time between two /phases entries of it. */
    static double otherShare(JsonNode before, JsonNode after) {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(before, after);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        return spent.getOrDefault("other", 0.0) / total;
    }

    @Override
    public void close() {
        server.close();
    }
}
