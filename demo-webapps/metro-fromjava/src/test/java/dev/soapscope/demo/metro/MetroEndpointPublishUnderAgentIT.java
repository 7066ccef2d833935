package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro's own "fromjava" sample served as its {@code AddWebservice} main serves it, unmodified: {@code
 * Endpoint.publish} on the JDK's HTTP server (no servlet container), at the port the sample hard-codes. The
 * 4.0.5 (jakarta) distribution's here, and the 2.3.7 (javax) one's in module metro-fromjava-javax. Every request is
 * counted once under its WSDL operation, split into Metro's stages and the JDK server's reading and writing, and none
 * of its work is left outside a request; the sample's own stop handler (a JDK server context, no SOAP) is no request.
 */
class MetroEndpointPublishUnderAgentIT {
    private static final String OPERATION = "{http://server.fromjava/}addNumbers";
    private static final int WARM_UP = 200;
    private static final int REQUESTS = 300;
    private static final List<String> PHASES = List.of("transport.read", "soap.parse", "unmarshal", "invoke",
            "marshal", "soap.serialize", "transport.write", "handlers");

    private static ForkedClient server;
    private static AgentEndpoint agent;
    private static JsonNode warm;
    private static JsonNode done;
    private static JsonNode warmPhases;
    private static JsonNode donePhases;

    @BeforeAll
    static void publishAndSend() throws InterruptedException {
        server = PublishedSample.start(null);
        agent = server.agent();
        add(WARM_UP);
        agent.awaitRequests(OPERATION, WARM_UP);
        warmPhases = agent.phases();
        warm = AgentEndpoint.operation(warmPhases, OPERATION);
        add(REQUESTS);
        agent.awaitRequests(OPERATION, WARM_UP + REQUESTS);
        donePhases = agent.phases();
        done = AgentEndpoint.operation(donePhases, OPERATION);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            PublishedSample.stop(server);
        }
    }

    @Test
    void everyRequestIsCountedOnceUnderItsWsdlOperation() {
        assertEquals(WARM_UP + REQUESTS, done.get("requests").asLong(), done.toPrettyString());
        assertEquals(WARM_UP + REQUESTS, done.get("outcomes").get("success").asLong(), done.toPrettyString());
        for (JsonNode op : donePhases.get("operations")) {
            String name = op.get("operation").asText();
            assertTrue(name.equals(OPERATION) || name.startsWith("GET "), "only the operation and the WSDL fetches: "
                    + name);
        }
    }

    @Test
    void metrosStagesAndTheJdkServersReadAndWriteArePhasesOfEveryRequest() {
        for (String phase : PHASES) {
            JsonNode p = done.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == WARM_UP + REQUESTS
                    && p.get("mean_us").asDouble() > 0, phase + ": " + done.toPrettyString());
        }
    }

    @Test
    void atLeastNinetyPercentOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, done);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double other = spent.getOrDefault("other", 0.0) / total;
        System.err.printf("Metro Endpoint.publish: other %.1f%% of %s%n", 100 * other, spent);
        assertTrue(other <= 0.10, "other's share " + other + " of " + spent);
    }

    /** Work outside any request between the warm-up and the end: none of it the requests'. */
    @Test
    void noRequestWorkIsLeftInBackground() {
        long spans = spans(donePhases) - spans(warmPhases);
        System.err.println("Metro Endpoint.publish: background spans over " + REQUESTS + " requests: " + spans
                + (donePhases.has("background") ? " " + donePhases.get("background") : ""));
        assertTrue(spans < REQUESTS / 20, spans + " background spans over " + REQUESTS + " requests: "
                + donePhases.get("background"));
    }

    private static long spans(JsonNode phases) {
        return phases.has("background") ? phases.get("background").get("spans").asLong() : 0;
    }

    /** The sample's own client call, addNumbers(i, 2i), as its generated stub sends it. */
    private static void add(int requests) {
        for (int i = 0; i < requests; i++) {
            Http.Response r = PublishedSample.add(i, 2 * i);
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("<return>" + 3 * i + "</return>"), r.body());
        }
    }
}
