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
 * send it. Only Axis2's dispatch knows the operation then; its phases (Transport, Addressing, Dispatch,
 * OperationInPhase, MessageOut...) are kept as details.
 */
class Axis2WebappUnderAgentIT {
    private static final int N = 10;
    private static final String OPERATION = "Version.getVersion";
    private static final String GET_VERSION = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ns=\"http://axisversion.sample\"><soapenv:Body><ns:getVersion/></soapenv:Body></soapenv:Envelope>";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;

    @BeforeAll
    static void deployAndCall() throws IOException {
        Wars.explode(Path.of(System.getProperty("axis2.war", "target/axis2-webapp.war")), webapp);
        server = ForkedServer.tomcat9().webapp(webapp)
                .javaagent(Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")), "port=0")
                .start();
        agent = AgentEndpoint.of(server);
        for (int i = 0; i < N; i++) {
            Http.Response r = Http.postSoap(server.uri("/services/Version"), GET_VERSION);
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
        for (String phase : new String[] {"soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize",
                "transport.write"}) {
            JsonNode p = op.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == N, phase + ": " + op.toPrettyString());
        }
        // Axis2's phases with handlers, by their own names; the webapp engages no WS-Security, so its Security
        // phases are empty and no security time is reported
        JsonNode details = op.get("phases").get("other").get("details");
        for (String detail : new String[] {"in:Transport", "in:Addressing", "in:Dispatch", "in:OperationInPhase",
                "out:OperationOutPhase", "out:MessageOut"}) {
            assertTrue(details.has(detail), detail + ": " + op.toPrettyString());
        }
        assertFalse(op.get("phases").has("security"), op::toPrettyString);
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
