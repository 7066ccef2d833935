package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
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
    private static final URI ENDPOINT = URI.create("http://localhost:8080/jaxws-fromjava/addnumbers");
    private static final URI STOP = URI.create("http://localhost:9090/stop");
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
        server = ForkedClient.main("fromjava.server.AddWebservice")
                .classpath(testClassPath())
                .agentUnderTest(null)
                .start();
        agent = server.agent();
        awaitWsdl();
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
            try {
                Http.get(STOP); // the sample's own way to stop
            } catch (RuntimeException e) {
                // it is killed below
            }
            server.close();
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

    /** The sample's classes and jaxws-rt's jars, as the sample's build.xml runs the main. */
    private static Path[] testClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new);
    }

    private static void awaitWsdl() throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                if (Http.get(URI.create(ENDPOINT + "?wsdl")).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the endpoint did not publish in 60 s:\n" + server.output());
    }

    /** The sample's own client call, addNumbers(i, 2i), as its generated stub sends it. */
    private static void add(int requests) {
        for (int i = 0; i < requests; i++) {
            String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                    + "<ns2:addNumbers xmlns:ns2=\"http://server.fromjava/\"><arg0>" + i + "</arg0><arg1>" + 2 * i
                    + "</arg1></ns2:addNumbers></S:Body></S:Envelope>";
            Http.Response r = Http.post(ENDPOINT, envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("<return>" + 3 * i + "</return>"), r.body());
        }
    }
}
