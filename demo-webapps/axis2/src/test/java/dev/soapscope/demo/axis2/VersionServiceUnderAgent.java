package dev.soapscope.demo.axis2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An Axis2 webapp on a forked server under the agent, called through Axis2's own {@code Version} service (an RPC
 * service: {@code RPCMessageReceiver}) with an empty SOAPAction, as Axis2 clients send it, and with one that names no
 * operation (Axis2 then dispatches on the body): what every Axis2 version must show, each request counted once and
 * named by the operation Axis2 dispatched it to, its stages in their phases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class VersionServiceUnderAgent {
    static final int WARM_UP = 100;
    static final int EMPTY_ACTION = 200;
    static final int WRONG_ACTION = 50;
    static final int N = EMPTY_ACTION + WRONG_ACTION;
    static final String OPERATION = "Version.getVersion";
    private static final String GET_VERSION = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ns=\"http://axisversion.sample\"><soapenv:Body><ns:getVersion/></soapenv:Body></soapenv:Envelope>";

    ForkedServer server;
    AgentEndpoint agent;
    /** The operation's /phases entry after the warm-up and after all requests. */
    JsonNode warm;
    JsonNode done;

    /** The server with the webapp deployed, not started. */
    abstract ForkedServer.Builder deploy() throws Exception;

    /** Axis2's phases with handlers this webapp's axis2.xml engages (Transport, Addressing, Dispatch...). */
    abstract String[] handlerDetails();

    static Path agentJar() {
        return Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar"));
    }

    @BeforeAll
    void deployAndCall() throws Exception {
        server = deploy().javaagent(agentJar(), "port=0").start();
        agent = AgentEndpoint.of(server);
        getVersion(WARM_UP, "\"\"");
        warm = AgentEndpoint.operation(agent.phases(), OPERATION);
        getVersion(EMPTY_ACTION - WARM_UP, "\"\"");
        // Axis2 finds no operation by this action and dispatches on the body's element
        getVersion(WRONG_ACTION, "\"urn:not-an-operation\"");
        done = AgentEndpoint.operation(agent.phases(), OPERATION);
    }

    private void getVersion(int requests, String soapAction) {
        for (int i = 0; i < requests; i++) {
            Http.Response r = Http.post(server.uri("/services/Version"), GET_VERSION, "text/xml; charset=utf-8",
                    Map.of("SOAPAction", soapAction));
            assertEquals(200, r.status(), r::toString);
            assertTrue(r.body().contains("getVersionResponse") && r.body().contains("Hi - the Axis2 version is"),
                    r::toString);
        }
    }

    @AfterAll
    void stop() {
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
        // Axis2's phases with handlers, by their own names, are the chain's work; the webapps engage no WS-Security,
        // so their Security phases are empty and no security time is reported
        JsonNode details = op.get("phases").get("handlers").get("details");
        for (String detail : handlerDetails()) {
            assertTrue(details.has(detail), detail + ": " + op.toPrettyString());
        }
        assertTrue(!op.get("phases").has("security"), op::toPrettyString);
    }

    /**
     * The Version service is request-scoped and has no {@code init} or {@code destroy}: for every request Axis2's
     * {@code DependencyManager} looks both up with {@code Class.getMethod} and catches the
     * {@code NoSuchMethodException} (3-5% of request CPU). Each is an {@code exception.thrown}, two per request.
     */
    @Test
    void axis2ThrowsTwoNoSuchMethodExceptionsPerRequest() {
        JsonNode site = AgentEndpoint.site(agent.hotspots(), "exception.thrown", "java.lang.NoSuchMethodException");
        JsonNode perOperation = null;
        for (JsonNode op : site.get("operations")) {
            if (op.get("operation").asText().equals(OPERATION)) {
                perOperation = op;
            }
        }
        assertTrue(perOperation != null, site::toPrettyString);
        assertEquals(2L * N, perOperation.get("count").asLong(), site::toPrettyString);
        assertEquals(2.0, perOperation.get("per_request").asDouble(), 0.0, site::toPrettyString);
    }

    /** The share of request time in named phases over the requests after the warm-up. */
    double namedShare() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, done);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        return 1 - spent.getOrDefault("other", 0.0) / total;
    }
}
