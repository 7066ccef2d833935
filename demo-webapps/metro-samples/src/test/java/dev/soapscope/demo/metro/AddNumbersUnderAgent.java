package dev.soapscope.demo.metro;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static dev.soapscope.demo.metro.MetroSample.NS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sample whose one operation is the WSDL's addNumbers, called without an action and then with one naming no
 * operation: every call is counted once under the operation Metro dispatched to, in each of Metro's phases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AddNumbersUnderAgent {
    static final String ADD = "{" + NS + "}addNumbers";
    private static final int WARM_UP = 100;
    private static final int NO_ACTION = 180;
    private static final int WRONG_ACTION = 60;

    MetroSample sample;
    private JsonNode warm;
    private JsonNode phases;

    /** The WAR's file name in the module's target directory. */
    abstract String war();

    /** {@code i + j} asked of the sample; returns its response body. */
    abstract String add(int i, int j, String action);

    @BeforeAll
    void deployAndSend(@TempDir Path webapp) throws IOException {
        sample = MetroSample.deploy(war(), webapp);
        send(WARM_UP, null);
        warm = sample.phasesOnceCounted(WARM_UP);
        send(NO_ACTION - WARM_UP, null);
        send(WRONG_ACTION, "urn:not-an-operation");
        phases = sample.phasesOnceCounted(NO_ACTION + WRONG_ACTION);
    }

    private void send(int requests, String action) {
        for (int i = 0; i < requests; i++) {
            String body = add(i, 2, action);
            assertTrue(body.contains(">" + (i + 2) + "</"), body);
        }
    }

    @AfterAll
    void stop() {
        if (sample != null) {
            sample.close();
        }
    }

    @Test
    void everyRequestIsCountedOnceUnderTheWsdlOperationMetroDispatchedTo() {
        assertEquals(Map.of(ADD, (long) (NO_ACTION + WRONG_ACTION)), MetroSample.requestsByOperation(phases),
                phases.toPrettyString());
        assertEquals(NO_ACTION + WRONG_ACTION, sample.requestsCountedInMetrics(), 0.0, "requests summed over /metrics");
    }

    @Test
    void metroStagesArePhasesOfEveryCall() {
        MetroSample.assertPhasesOfEveryRequest(AgentEndpoint.operation(phases, ADD), NO_ACTION + WRONG_ACTION,
                "handlers", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize");
    }

    /** Over the requests after the warm-up. */
    @Test
    void callsAreExplained() {
        double other = MetroSample.otherShare(AgentEndpoint.operation(warm, ADD), AgentEndpoint.operation(phases, ADD));
        System.out.printf("[metro] %s %s: other's share %.3f%n", war(), ADD, other);
        assertTrue(other <= MetroSample.MAX_OTHER,
                "other's share " + other + " of " + AgentEndpoint.operation(phases, ADD).toPrettyString());
    }
}
