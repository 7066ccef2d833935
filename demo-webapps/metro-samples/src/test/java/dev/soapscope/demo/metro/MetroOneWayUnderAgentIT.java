package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static dev.soapscope.demo.metro.MetroSample.NS;
import static dev.soapscope.demo.metro.MetroSample.SOAP11;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro's own "fromwsdl" sample (JAX-WS RI 4.0.5, unmodified) on Tomcat 11 under the agent: its request-response
 * addNumbers and its one-way oneWayInt, which Metro answers 202 with no body and runs on the request thread. Both
 * are named by the WSDL operation Metro dispatched to (the binding declares an empty SOAPAction for both), and
 * requests counted over all operations equal requests served.
 */
class MetroOneWayUnderAgentIT {
    private static final String ADD = "{" + NS + "}addNumbers";
    private static final String ONE_WAY = "{" + NS + "}oneWayInt";
    private static final int WARM_UP = 150;
    private static final int ADDS = 300;
    private static final int ONE_WAYS = 200;

    @TempDir
    static Path webapp;
    private static MetroSample sample;
    private static JsonNode warm;
    private static JsonNode phases;

    @BeforeAll
    static void deployAndSend() throws IOException {
        sample = MetroSample.deploy("metro-fromwsdl.war", webapp);
        send(WARM_UP, WARM_UP);
        warm = sample.phasesOnceCounted(2 * WARM_UP);
        send(ADDS - WARM_UP, ONE_WAYS - WARM_UP);
        phases = sample.phasesOnceCounted(ADDS + ONE_WAYS);
    }

    @AfterAll
    static void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    private static void send(int adds, int oneWays) {
        for (int i = 0; i < Math.max(adds, oneWays); i++) {
            if (i < adds) {
                String body = sample.post(SOAP11, MetroSample.soap11(MetroSample.addNumbers(i, 1)),
                        Map.of("SOAPAction", "\"\""), 200);
                assertTrue(body.contains(">" + (i + 1) + "</"), body);
            }
            if (i < oneWays) {
                String body = sample.post(SOAP11, MetroSample.soap11("<ns:oneWayInt xmlns:ns=\"" + NS + "\"><ns:arg0>"
                        + i + "</ns:arg0></ns:oneWayInt>"), Map.of("SOAPAction", "\"\""), 202);
                assertEquals("", body);
            }
        }
    }

    /** Only the two operations, each request once; no servlet path, no (no request) from the one-way calls. */
    @Test
    void everyRequestIsCountedOnceUnderItsWsdlOperation() throws InterruptedException {
        assertEquals(Map.of(ADD, (long) ADDS, ONE_WAY, (long) ONE_WAYS), MetroSample.requestsByOperation(phases),
                phases.toPrettyString());
        assertEquals(ADDS + ONE_WAYS, sample.requestsCountedInMetrics(), 0.0, "requests summed over /metrics");
        assertEquals(ONE_WAYS, printed(), "one-way calls the sample's implementation printed");
    }

    /** The implementation's "Service received: N" lines, once all are in the server's output (or after 10 s). */
    private static long printed() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        long printed;
        while ((printed = sample.server.output().lines().filter(l -> l.contains("Service received: ")).count()) < ONE_WAYS
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return printed;
    }

    @Test
    void metroStagesArePhasesOfEveryCallOneWayIncluded() {
        MetroSample.assertPhasesOfEveryRequest(AgentEndpoint.operation(phases, ADD), ADDS,
                "handlers", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize");
        MetroSample.assertPhasesOfEveryRequest(AgentEndpoint.operation(phases, ONE_WAY), ONE_WAYS,
                "handlers", "soap.parse", "unmarshal", "invoke");
    }

    /** Over the requests after the warm-up: named phases hold at least 92% of each operation's time. */
    @Test
    void bothOperationsAreExplained() {
        for (String op : new String[] {ADD, ONE_WAY}) {
            double other = MetroSample.otherShare(AgentEndpoint.operation(warm, op), AgentEndpoint.operation(phases, op));
            System.out.printf("[metro] fromwsdl %s: other's share %.3f%n", op, other);
            assertTrue(other <= MetroSample.MAX_OTHER, op + ": other's share " + other + " of "
                    + AgentEndpoint.operation(phases, op).toPrettyString());
        }
    }
}
