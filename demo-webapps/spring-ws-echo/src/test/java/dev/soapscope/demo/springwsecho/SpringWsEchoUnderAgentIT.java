package dev.soapscope.demo.springwsecho;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spring-WS's own echo sample (spring-ws-samples, unmodified), as its pom builds it: a Spring Boot executable jar
 * (Spring-WS 4.1, embedded Tomcat 10.1) run with {@code java -jar} under the agent. Its configuration validates
 * requests and responses against its schema (PayloadValidatingInterceptor), logs both payloads
 * (PayloadLoggingInterceptor at DEBUG) and traces both messages (TRACE on org.springframework.ws): each of those is
 * a phase of every request, and what a CPU profile of the same run shows of the dispatcher itself is `handlers`.
 */
class SpringWsEchoUnderAgentIT {
    private static final String OPERATION = "{http://www.springframework.org/spring-ws/samples/echo}echoRequest";
    private static final String PATH = "/echo-server";
    private static final String WSDL = "/echo-server/echo-server.wsdl";
    private static final int WARM_UP = 300;
    /** As the sample's WSDL declares its operation: soapAction="". */
    private static final int EMPTY_ACTION = 500;
    private static final int NO_ACTION = 100;
    private static final int REQUESTS = EMPTY_ACTION + NO_ACTION;
    private static final int WSDL_GETS = 3;
    private static final List<String> PHASES = List.of("soap.parse", "handlers", "validation", "logging", "unmarshal",
            "invoke", "marshal", "soap.serialize", "transport.write");

    private static BootJarUnderAgent app;
    private static AgentEndpoint agent;
    /** The operation's /phases entry after the warm-up and after all requests. */
    private static JsonNode warm;
    private static JsonNode done;
    private static JsonNode hotspots;

    @BeforeAll
    static void startAndSend() {
        app = BootJarUnderAgent.start(
                Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")),
                Path.of(System.getProperty("echo.jar", "target/echo-server.jar")));
        agent = app.agent();
        echo(WARM_UP, Map.of("SOAPAction", "\"\""));
        warm = AgentEndpoint.operation(agent.phases(), OPERATION);
        echo(EMPTY_ACTION - WARM_UP, Map.of("SOAPAction", "\"\""));
        echo(NO_ACTION, Map.of());
        for (int i = 0; i < WSDL_GETS; i++) {
            Http.Response wsdl = Http.get(app.uri(WSDL));
            assertEquals(200, wsdl.status(), wsdl.body());
            assertTrue(wsdl.body().contains("soapAction=\"\""), wsdl.body());
        }
        done = AgentEndpoint.operation(agent.phases(), OPERATION);
        hotspots = agent.hotspots();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    /** Named by the payload root Spring-WS dispatched on; the WSDL fetches apart, by their servlet path. */
    @Test
    void everySoapRequestIsCountedOnceUnderItsPayloadRootAndTheWsdlApart() {
        assertEquals(REQUESTS, done.get("requests").asLong(), done.toPrettyString());
        Map<String, Long> requests = new TreeMap<>();
        for (JsonNode op : agent.phases().get("operations")) {
            requests.put(op.get("operation").asText(), op.get("requests").asLong());
        }
        assertEquals(Map.of(OPERATION, (long) REQUESTS, "GET /echo-server", (long) WSDL_GETS), requests);
    }

    /** Validation, both kinds of logging and the dispatcher's chain each have their phase in every request. */
    @Test
    void eachStageIsAPhaseOfEveryRequest() {
        for (String phase : PHASES) {
            JsonNode p = done.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == REQUESTS && p.get("mean_us").asDouble() > 0,
                    phase + ": " + done.toPrettyString());
        }
    }

    /** Payload logging (request and response) and message tracing (both again) each copy two messages per request. */
    @Test
    void eachMessageCopiedForTheLogIsOneMessageLoggedHotSpotAtTheCodeThatAskedForIt() {
        assertEquals(2L * REQUESTS, count("message.logged",
                "Spring-WS logging interceptor: message transformed to a string for the log"), hotspots.toPrettyString());
        assertEquals(2L * REQUESTS, count("message.logged",
                "Spring-WS MessageDispatcher: message serialized for message tracing"), hotspots.toPrettyString());
    }

    /**
     * What a CPU profile of the sample shows per request, and nothing else: SAAJ parses the request once and writes
     * a message out three times (the real response, and request and response again for tracing), creating a
     * DocumentBuilderFactory per message and TransformerFactories.
     */
    @Test
    void theHotSpotsAreTheOnesTheSampleReallyHas() {
        assertEquals(REQUESTS, count("soap.conversion", "stream -> envelope (SAAJ EnvelopeFactory.createEnvelope)"));
        assertEquals(3L * REQUESTS, count("soap.conversion", "envelope -> stream (SAAJ SOAPPartImpl.getContentAsStream)"));
        Set<String> kinds = new HashSet<>();
        for (JsonNode h : hotspots.get("hotspots")) {
            for (JsonNode op : h.get("operations")) {
                if (op.get("operation").asText().equals(OPERATION)) {
                    kinds.add(h.get("kind").asText());
                }
            }
        }
        assertEquals(Set.of("factory.create", "soap.conversion", "message.logged"), kinds, hotspots.toPrettyString());
    }

    /** Over the requests after the warm-up. */
    @Test
    void atLeastNinetyPercentOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(warm, done);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double other = spent.getOrDefault("other", 0.0) / total;
        // 10-11% before the dispatcher and the logging interceptors had phases, 3-4% after, on a loaded machine
        assertTrue(other <= 0.08, "other's share " + other + " of " + spent);
    }

    private static long count(String kind, String site) {
        JsonNode s = AgentEndpoint.site(hotspots, kind, site);
        for (JsonNode op : s.get("operations")) {
            if (op.get("operation").asText().equals(OPERATION)) {
                return op.get("count").asLong();
            }
        }
        throw new AssertionError("no " + OPERATION + " in " + s);
    }

    /** The sample's own client's request (echo/client/spring-ws echoRequest.xml's payload). */
    private static void echo(int requests, Map<String, String> headers) {
        for (int i = 0; i < requests; i++) {
            String envelope = "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"><SOAP-ENV:Body>"
                    + "<echoRequest xmlns=\"http://www.springframework.org/spring-ws/samples/echo\">Hello</echoRequest>"
                    + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
            Http.Response r = Http.post(app.uri(PATH), envelope, "text/xml; charset=utf-8", headers);
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains(">Hello</echoResponse>"), r.body());
        }
    }
}
