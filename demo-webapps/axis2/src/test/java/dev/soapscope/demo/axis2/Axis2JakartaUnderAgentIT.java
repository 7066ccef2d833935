package dev.soapscope.demo.axis2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis2 2.0.0 (jakarta: {@code TransportSender}, {@code MessageFormatter} and {@code TransportUtils} moved to
 * {@code org.apache.axis2.kernel}, Axiom 2.0) on Tomcat 11 under the agent, its webapp assembled from Apache's jars as
 * the pom says.
 */
class Axis2JakartaUnderAgentIT extends VersionServiceUnderAgent {

    @Override
    ForkedServer.Builder deploy() {
        return ForkedServer.tomcat().webapp(Path.of(System.getProperty("axis2.jakarta.webapp", "target/axis2-jakarta-webapp")));
    }

    /** The kernel's axis2.xml engages no handlers in OperationInPhase / OperationOutPhase. */
    @Override
    String[] handlerDetails() {
        return new String[] {"in:Transport", "in:Addressing", "in:Dispatch", "out:MessageOut"};
    }

    @Test
    void axis2TwoIsSeenByItsVersion() {
        for (JsonNode stack : agent.phases().get("stacks")) {
            if (stack.get("name").asText().equals("axis2")) {
                assertEquals("2.0.0", stack.get("version").asText());
                return;
            }
        }
        throw new AssertionError("axis2 not seen: " + agent.phases().get("stacks").toPrettyString());
    }

    /**
     * Measured 97-98% with the machine at load average 12-13 (83-89% before the servlet's own dispatch was
     * {@code handlers} and the engine's fault check {@code soap.parse}). With no DEBUG logging to dilute it, what is
     * left in {@code other} is the servlet container's and the agent's own work around {@code doPost} (about 3% of
     * request CPU). The margin is for a loaded machine, where a descheduled thread stretches whatever phase it was in.
     */
    @Test
    void mostOfRequestTimeIsInNamedPhases() {
        double named = namedShare();
        assertTrue(named >= 0.90, () -> "named share " + named + " of " + AgentEndpoint.selfMicrosBetween(warm, done));
    }
}
