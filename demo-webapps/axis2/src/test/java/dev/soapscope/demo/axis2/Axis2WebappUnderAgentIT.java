package dev.soapscope.demo.axis2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache's Axis2 1.8.0 webapp as it is on Maven Central, on Tomcat 9 under the agent, called through its own
 * {@code Version} service (an RPC service: {@code RPCMessageReceiver}) with an empty SOAPAction, as Axis2 clients
 * send it, and with one that names no operation (Axis2 then dispatches on the body): each request is named by the
 * operation Axis2 dispatched it to. Its phases (Transport, Addressing, Dispatch, OperationInPhase, MessageOut...) are
 * {@code handlers}, their names kept as details; the WAR's own DEBUG logging (Log4j 2.14 through commons-logging) is
 * {@code logging}.
 */
class Axis2WebappUnderAgentIT {
    private static final int WARM_UP = 100;
    private static final int EMPTY_ACTION = 200;
    private static final int WRONG_ACTION = 50;
    private static final int N = EMPTY_ACTION + WRONG_ACTION;
    private static final String OPERATION = "Version.getVersion";
    private static final String GET_VERSION = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ns=\"http://axisversion.sample\"><soapenv:Body><ns:getVersion/></soapenv:Body></soapenv:Envelope>";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    /** The operation's /phases entry after the warm-up and after all requests. */
    private static JsonNode warm;
    private static JsonNode done;

    @BeforeAll
    static void deployAndCall() throws IOException {
        Wars.explode(Path.of(System.getProperty("axis2.war", "target/axis2-webapp.war")), webapp);
        server = ForkedServer.tomcat9().webapp(webapp)
                .javaagent(Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")), "port=0")
                .start();
        agent = AgentEndpoint.of(server);
        getVersion(WARM_UP, "\"\"");
        warm = AgentEndpoint.operation(agent.phases(), OPERATION);
        getVersion(EMPTY_ACTION - WARM_UP, "\"\"");
        // Axis2 finds no operation by this action and dispatches on the body's element
        getVersion(WRONG_ACTION, "\"urn:not-an-operation\"");
        done = AgentEndpoint.operation(agent.phases(), OPERATION);
    }

    private static void getVersion(int requests, String soapAction) {
        for (int i = 0; i < requests; i++) {
            Http.Response r = Http.post(server.uri("/services/Version"), GET_VERSION, "text/xml; charset=utf-8",
                    Map.of("SOAPAction", soapAction));
            assertEquals(200, r.status(), r::toString);
            assertTrue(r.body().contains("getVersionResponse") && r.body().contains("Hi - the Axis2 version is 1.8.0"),
                    r::toString);
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eachRequestIsCountedOnceAndNamedAsAxis2DispatchedIt() {
        JsonNode operations = agent.phases().get("operations");
        List<String> names = new ArrayList<>();
        long requests = 0;
        for (JsonNode op : operations) {
            names.add(op.get("operation").asText());
            requests += op.get("requests").asLong();
        }
        assertEquals(List.of(OPERATION), names, operations::toPrettyString);
        assertEquals(N, requests);
    }

    @Test
    void axis2StagesLandInTheirPhases() {
        JsonNode op = AgentEndpoint.operation(agent.phases(), OPERATION);
        for (String phase : new String[] {"soap.parse", "handlers", "unmarshal", "invoke", "marshal",
                "soap.serialize", "transport.write"}) {
            JsonNode p = op.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == N, phase + ": " + op.toPrettyString());
        }
        // Axis2's phases with handlers, by their own names, are the chain's work; the webapp engages no WS-Security,
        // so its Security phases are empty and no security time is reported
        JsonNode details = op.get("phases").get("handlers").get("details");
        for (String detail : new String[] {"in:Transport", "in:Addressing", "in:Dispatch", "in:OperationInPhase",
                "out:OperationOutPhase", "out:MessageOut"}) {
            assertTrue(details.has(detail), detail + ": " + op.toPrettyString());
        }
        assertFalse(op.get("phases").has("security"), op::toPrettyString);
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
     * 95.2% and 95.3% with the machine at load average 13 (69% to 83% there, 86% to 93% quiet, before the handler
     * chain was {@code handlers}); what is left in {@code other} is {@code AxisServlet} building the message context
     * (about 3% of request CPU) and Axiom building the body lazily for the engine's fault check (about 1%). The
     * 5-point margin is for a loaded machine, where a descheduled thread stretches whatever phase it was in.
     */
    @Test
    void mostOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, done);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double named = 1 - spent.getOrDefault("other", 0.0) / total;
        assertTrue(named >= 0.90, "named share " + named + " of " + spent);
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
