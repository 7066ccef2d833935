package dev.soapscope.demo.axis2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache's Axis2 1.8.0 webapp as it is on Maven Central, on Tomcat 9 under the agent, called through its own
 * {@code Version} service. Its phases (Transport, Addressing, Dispatch, OperationInPhase, MessageOut...) are
 * {@code handlers}, their names kept as details; the WAR's own DEBUG logging (Log4j 2.14 through commons-logging) is
 * {@code logging}.
 */
class Axis2WebappUnderAgentIT extends VersionServiceUnderAgent {
    @TempDir
    static Path webapp;

    @Override
    ForkedServer.Builder deploy() throws Exception {
        Wars.explode(Path.of(System.getProperty("axis2.war", "target/axis2-webapp.war")), webapp);
        return ForkedServer.tomcat9().webapp(webapp);
    }

    @Override
    String[] handlerDetails() {
        return new String[] {"in:Transport", "in:Addressing", "in:Dispatch", "in:OperationInPhase",
            "out:OperationOutPhase", "out:MessageOut"};
    }

    /**
     * The WAR's own log4j2.xml logs org.apache.axis2 at DEBUG (about 135 lines per request): Log4j 2's time is
     * {@code logging} in every request.
     */
    @Test
    void axis2DebugLoggingIsLoggingInEveryRequest() {
        JsonNode logging = done.get("phases").get("logging");
        assertTrue(logging != null && logging.get("requests").asLong() == N && logging.get("mean_us").asDouble() > 0,
                done::toPrettyString);
    }

    /**
     * Over the requests after the warm-up (total self time = mean per request times requests, per phase). Measured
     * 99.1% with the machine at load average 12-13 (95.2-95.3% before the servlet's own dispatch was {@code handlers}
     * and the engine's fault check {@code soap.parse}; 69% to 83% before the handler chain was {@code handlers}); what
     * is left in {@code other} is the servlet container's and the agent's own work around {@code doPost}. The 5-point
     * margin is for a loaded machine, where a descheduled thread stretches whatever phase it was in.
     */
    @Test
    void mostOfRequestTimeIsInNamedPhases() {
        double named = namedShare();
        assertTrue(named >= 0.90, () -> "named share " + named + " of " + AgentEndpoint.selfMicrosBetween(warm, done));
    }

    /** Axiom 1.3 (what Axis2 1.8 ships): the request parsed into an envelope, the response serialized to bytes. */
    @Test
    void axiomConvertsEachMessageOnce() {
        Map<String, Integer> bySite = new TreeMap<>();
        for (JsonNode site : agent.hotspots().get("hotspots")) {
            if (site.get("kind").asText().equals("soap.conversion")) {
                for (JsonNode op : site.get("operations")) {
                    if (op.get("operation").asText().equals(OPERATION)) {
                        bySite.merge(site.get("site").asText(), op.get("count").asInt(), Integer::sum);
                    }
                }
            }
        }
        assertEquals(Map.of("stream -> envelope (Axiom createSOAPModelBuilder)", N,
                "envelope -> bytes (Axiom serialize)", N), bySite);
    }
}
