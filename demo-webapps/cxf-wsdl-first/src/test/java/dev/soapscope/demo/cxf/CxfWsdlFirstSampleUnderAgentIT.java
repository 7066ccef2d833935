package dev.soapscope.demo.cxf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own "wsdl_first" sample (unmodified, CXF 4.2.0) on Tomcat 11 under the agent: its request-response
 * getCustomersByName and its one-way updateCustomer, whose chain CXF finishes on its executor after answering 202
 * (the sample's implementation sleeps there for 10 s). A one-way call was named {@code /services}, the servlet
 * path: CXF names the operation only on that executor, where no request is open.
 */
class CxfWsdlFirstSampleUnderAgentIT {
    private static final String NS = "{http://customerservice.example.com/}";
    private static final String GET = NS + "getCustomersByName";
    private static final String UPDATE = NS + "updateCustomer";
    private static final String PATH = "/services/CustomerServicePort";
    private static final int WARM_UP = 150;
    private static final int GETS = 450;
    private static final int ONE_WAY = 5;

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static JsonNode warm;
    private static JsonNode phases;

    @BeforeAll
    static void deployAndSend() throws IOException, InterruptedException {
        server = ForkedServer.tomcat()
                .webapp(Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-wsdl-first.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        get(0, WARM_UP);
        agent.awaitRequests(GET, WARM_UP); // a request is recorded as its servlet call returns, maybe after the answer
        warm = AgentEndpoint.operation(agent.phases(), GET);
        get(WARM_UP, GETS);
        for (int i = 0; i < ONE_WAY; i++) {
            Http.Response r = Http.post(server.uri(PATH), update(i), "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(202, r.status(), r.body());
        }
        assertTrue(server.waitForOutput("update request was received", Duration.ofSeconds(10)), server.output());
        agent.awaitRequests(GET, GETS);
        agent.awaitRequests(UPDATE, ONE_WAY); // CXF answers 202 before the servlet call returns
        phases = agent.phases();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void oneWayCallsAreCountedUnderTheirOperation() {
        assertEquals(ONE_WAY, AgentEndpoint.operation(phases, UPDATE).get("requests").asLong(), phases.toPrettyString());
    }

    /** Only the two operations, each request once: the one-way chain finishing on CXF's executor is no request. */
    @Test
    void everyRequestIsCountedOnceUnderItsOperation() {
        Map<String, Long> requests = new TreeMap<>();
        for (JsonNode op : phases.get("operations")) {
            requests.put(op.get("operation").asText(), op.get("requests").asLong());
        }
        assertEquals(Map.of(GET, (long) GETS, UPDATE, (long) ONE_WAY), requests, phases.toPrettyString());
        double counted = 0;
        for (PrometheusText.Sample s : agent.metrics().samples("soapscope_request_duration_seconds_count")) {
            counted += s.value();
        }
        assertEquals(GETS + ONE_WAY, counted, 0.0, "requests summed over /metrics");
    }

    @Test
    void cxfStagesArePhasesOfEveryCall() {
        JsonNode get = AgentEndpoint.operation(phases, GET);
        for (String phase : Set.of("soap.parse", "handlers", "unmarshal", "invoke", "marshal", "soap.serialize")) {
            JsonNode p = get.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == GETS, phase + ": " + get.toPrettyString());
        }
        // the one-way call is parsed, unmarshalled and handed off on the request thread
        JsonNode update = AgentEndpoint.operation(phases, UPDATE);
        for (String phase : Set.of("soap.parse", "unmarshal", "handlers")) {
            JsonNode p = update.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == ONE_WAY, phase + ": " + update.toPrettyString());
        }
    }

    /** Over the request-response calls after the warm-up. */
    @Test
    void atLeastNinetyPercentOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, AgentEndpoint.operation(phases, GET));
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double other = spent.getOrDefault("other", 0.0) / total;
        // measured 1.1% of wall time (0.7% of CPU samples); before handlers took CXF's dispatch, 19%.
        // The bound keeps a margin for a loaded machine.
        assertTrue(other <= 0.05, "other's share " + other + " of " + spent);
    }

    /** The sample's tester: getCustomersByName("Smith") answers two customers. */
    private static void get(int from, int to) {
        for (int i = from; i < to; i++) {
            String envelope = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                    + "<ns2:getCustomersByName xmlns:ns2=\"http://customerservice.example.com/\"><name>Smith" + i
                    + "</name></ns2:getCustomersByName></soap:Body></soap:Envelope>";
            Http.Response r = Http.post(server.uri(PATH), envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("<name>Smith" + i + "</name>"), r.body());
        }
    }

    /** The sample's tester's updateCustomer: a one-way call, answered 202 at once. */
    private static String update(int i) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:updateCustomer xmlns:ns2=\"http://customerservice.example.com/\"><customer>"
                + "<customerId>" + i + "</customerId><name>Smith</name><address>Pine Street 200</address>"
                + "<numOrders>1</numOrders><revenue>10000.0</revenue><test>1.5</test><birthDate>2009-02-01</birthDate>"
                + "<type>BUSINESS</type></customer></ns2:updateCustomer></soap:Body></soap:Envelope>";
    }
}
