package dev.soapscope.demo.metro;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro's own "fromjava" sample (the JAX-WS RI 4.0.5 distribution's, unmodified) on Tomcat 11 under the agent, and
 * the 2.3.7 distribution's (javax) on Tomcat 9 (module metro-fromjava-javax runs this class too). Its
 * binding declares an empty SOAPAction and Metro dispatches on the payload, so clients send an empty one or any
 * other: each request is still named by the WSDL operation Metro ran, and Metro's stages land in their phases, its
 * pipeline between them (servlet dispatch, adapter, fiber, tubes) in handlers.
 */
class MetroUnderAgentIT {
    private static final String OPERATION = "{http://server.fromjava/}addNumbers";
    private static final String PATH = "/addnumbers";
    private static final int WARM_UP = 200;
    private static final int EMPTY_ACTION = 300;
    private static final int WRONG_ACTION = 100;
    private static final List<String> METRO_PHASES =
            List.of("handlers", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize");

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    /** The operation's /phases entry after the warm-up and after all requests. */
    private static JsonNode warm;
    private static JsonNode done;

    @BeforeAll
    static void deployAndSend() throws IOException, InterruptedException {
        server = ForkedServer.on(ForkedServer.Container.valueOf(System.getProperty("metro.container", "TOMCAT")))
                .webapp(Wars.explode(Path.of(System.getProperty("metro.war", "target/metro-fromjava.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        add(WARM_UP, "\"\"");
        agent.awaitRequests(OPERATION, WARM_UP); // a request is recorded as its servlet call returns, maybe after the answer
        warm = AgentEndpoint.operation(agent.phases(), OPERATION);
        add(EMPTY_ACTION - WARM_UP, "\"\"");
        add(WRONG_ACTION, "\"urn:not-an-operation\"");
        agent.awaitRequests(OPERATION, EMPTY_ACTION + WRONG_ACTION);
        done = AgentEndpoint.operation(agent.phases(), OPERATION);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyRequestIsCountedOnceUnderTheWsdlOperationWhateverTheSoapAction() {
        assertEquals(EMPTY_ACTION + WRONG_ACTION, done.get("requests").asLong(), done.toPrettyString());
        for (JsonNode op : agent.phases().get("operations")) {
            String name = op.get("operation").asText();
            assertEquals(OPERATION, name,
                    "no request named by its servlet path or SOAPAction: " + name);
        }
    }

    @Test
    void eachMetroStageIsAPhaseOfEveryRequest() {
        for (String phase : METRO_PHASES) {
            JsonNode p = done.get("phases").get(phase);
            assertTrue(p != null && p.get("requests").asLong() == EMPTY_ACTION + WRONG_ACTION
                            && p.get("mean_us").asDouble() > 0, phase + ": " + done.toPrettyString());
        }
    }

    /** One log line names Metro, its version and what is measured; /phases lists the same. */
    @Test
    void metroIsNamedWithItsVersionInOneLogLineAndInPhases() {
        String line = null;
        int lines = 0;
        for (String l : server.output().split("\\R")) {
            if (l.contains("found Metro (JAX-WS RI) ")) {
                line = l;
                lines++;
            }
        }
        assertEquals(1, lines, server.output());
        JsonNode metro = null;
        for (JsonNode s : agent.phases().get("stacks")) {
            if (s.get("name").asText().equals("metro")) {
                metro = s;
            }
        }
        assertTrue(metro != null, agent.phases().toPrettyString());
        String version = metro.get("version").asText();
        assertTrue(version.matches("(4\\.0|2\\.3)\\..*"), "the jar's version: " + metro);
        assertTrue(line.contains("Metro (JAX-WS RI) " + version + " (metro): soapscope measures "
                + metro.get("measured").asText()), line);
        assertTrue(!done.has("stack"), "on a known stack: " + done);
        assertTrue(!server.output().contains("found Apache CXF"), "no CXF in a Metro application: " + server.output());
    }

    /** Over the requests after the warm-up (total self time = mean per request times requests, per phase). */
    @Test
    void atLeastNinetyThreePercentOfRequestTimeIsInNamedPhases() {
        Map<String, Double> spent = new HashMap<>();
        double total = 0;
        for (var phases = done.get("phases").fields(); phases.hasNext(); ) {
            var phase = phases.next();
            double micros = phase.getValue().get("mean_us").asDouble() * done.get("requests").asLong()
                    - selfMicros(warm, phase.getKey());
            spent.put(phase.getKey(), micros);
            total += micros;
        }
        double other = spent.getOrDefault("other", 0.0) / total;
        // with the tube pipeline as handlers, 1.4% (4.0.5) and 3.0% (2.3.7) measured here while other builds ran
        // (was 8.7-11%), 2.2-2.4% under sustained load against a CPU profile's 1.7-2.2%: wall time, so the bound
        // keeps twice the worst seen
        assertTrue(other <= 0.07, "other's share " + other + " of " + spent);
    }

    private static double selfMicros(JsonNode operation, String phase) {
        JsonNode p = operation.get("phases").get(phase);
        return p == null ? 0 : p.get("mean_us").asDouble() * operation.get("requests").asLong();
    }

    /** The sample's own client call, addNumbers(i, 2i), as its generated stub sends it. */
    private static void add(int requests, String soapAction) {
        for (int i = 0; i < requests; i++) {
            String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                    + "<ns2:addNumbers xmlns:ns2=\"http://server.fromjava/\"><arg0>" + i + "</arg0><arg1>" + 2 * i
                    + "</arg1></ns2:addNumbers></S:Body></S:Envelope>";
            Http.Response r = Http.post(server.uri(PATH), envelope, "text/xml; charset=utf-8",
                    Map.of("SOAPAction", soapAction));
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("<return>" + 3 * i + "</return>"), r.body());
        }
    }
}
