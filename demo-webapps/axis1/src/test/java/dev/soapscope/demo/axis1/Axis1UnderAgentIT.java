package dev.soapscope.demo.axis1;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis 1.4 on Tomcat 9 under the agent: each SOAPPart form change is counted, exactly, with its path; Axis's stages
 * land in their phases. What Axis 1.4 does per message (seen in the first stacks the agent keeps):
 * <ul>
 * <li>plain: {@code AxisServer.initSOAPConstants} parses the request stream into an envelope (stream -> envelope);
 * the response envelope is serialized into a byte buffer by {@code SOAPPart.saveChanges}, called from
 * {@code Message.getContentType} (attachment support counts the parts) before the servlet writes the buffer
 * (envelope -> byte buffer). Two conversions.</li>
 * <li>logging: the request is already an envelope when the handler runs, so its {@code getSOAPPartAsString()} serializes
 * it again (envelope -> string); {@code MustUnderstandChecker} then needs the envelope and parses the string a second
 * time (string -> envelope); the response handler serializes the response to a string (envelope -> string), which
 * the servlet encodes as it writes it (no form change; saveChanges leaves a string alone, so no byte buffer). Four
 * conversions: the request is parsed twice and serialized once more, the response serialized into a string.</li>
 * </ul>
 * Under concurrency Axis 1.4 on Java 8+ sometimes faults with a ConcurrentModificationException
 * ({@code JavaServiceDesc.getOperationsByQName} sorts a shared list per parse): these tests send one request at a time.
 */
class Axis1UnderAgentIT {
    private static final int N = 4;
    private static final String PLAIN = "urn:test:axis1:plain";
    private static final String LOGGING = "urn:test:axis1:logging";
    private static final String STREAM_TO_ENVELOPE = "stream -> envelope (Axis SOAPPart)";
    private static final String ENVELOPE_TO_BUFFER = "envelope -> byte buffer (Axis SOAPPart)";
    private static final String ENVELOPE_TO_STRING = "envelope -> string (Axis SOAPPart)";
    private static final String STRING_TO_ENVELOPE = "string -> envelope (Axis SOAPPart)";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;

    @BeforeAll
    static void deployAndSend() throws IOException {
        server = ForkedServer.tomcat9().webapp(QuoteClient.explodedWar(webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        QuoteClient.quote(server, "plain", PLAIN, N);
        QuoteClient.quote(server, "logging", LOGGING, N);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void plainServiceConvertsEachMessageTwice() {
        assertEquals(Map.of(STREAM_TO_ENVELOPE, N, ENVELOPE_TO_BUFFER, N), conversions(PLAIN));
        assertEquals(2.0, conversionsPerRequest(PLAIN));
    }

    @Test
    void loggingHandlerSerializesBothMessagesAndTheRequestIsParsedTwice() {
        assertEquals(Map.of(STREAM_TO_ENVELOPE, N, ENVELOPE_TO_STRING, 2 * N, STRING_TO_ENVELOPE, N), conversions(LOGGING));
        assertEquals(4.0, conversionsPerRequest(LOGGING));

        // pointed at their call sites: the handler's getSOAPPartAsString, and the checker that needs the envelope back
        JsonNode hotspots = agent.hotspots();
        assertStackHas(hotspots, ENVELOPE_TO_STRING, "dev.soapscope.demo.axis1.MessageLoggingHandler.invoke");
        assertStackHas(hotspots, STRING_TO_ENVELOPE, "org.apache.axis.handlers.soap.MustUnderstandChecker.invoke");
        assertStackHas(hotspots, STREAM_TO_ENVELOPE, "org.apache.axis.server.AxisServer.initSOAPConstants");
        // debug level is off: the handler read every message but wrote none of them
        assertFalse(server.output().contains("SOAP request to"), server.output());
    }

    @Test
    void axisStagesLandInTheirPhases() {
        JsonNode phases = agent.phases();
        for (String operation : new String[] {PLAIN, LOGGING}) {
            JsonNode op = AgentEndpoint.operation(phases, operation);
            assertEquals(N, op.get("requests").asLong(), operation);
            for (String phase : new String[] {"transport.read", "soap.parse", "unmarshal", "invoke", "marshal",
                    "soap.serialize", "transport.write"}) {
                JsonNode p = op.get("phases").get(phase);
                assertTrue(p != null && p.get("requests").asLong() == N && p.get("mean_us").asDouble() > 0,
                        operation + " " + phase + ": " + op.toPrettyString());
            }
        }
    }

    @Test
    void withAnEmptySoapActionTheAxisServiceNamesTheRequest() {
        QuoteClient.quote(server, "plain", "", 2);
        QuoteClient.quote(server, "logging", "", 3);
        JsonNode phases = agent.phases();
        assertEquals(2, AgentEndpoint.operation(phases, "plain").get("requests").asLong());
        assertEquals(3, AgentEndpoint.operation(phases, "logging").get("requests").asLong());
        assertEquals(Map.of(STREAM_TO_ENVELOPE, 2, ENVELOPE_TO_BUFFER, 2), conversions("plain"));
    }

    /** soap.conversion events of one operation, by site. */
    private static Map<String, Integer> conversions(String operation) {
        Map<String, Integer> bySite = new TreeMap<>();
        for (JsonNode site : agent.hotspots().get("hotspots")) {
            if (!site.get("kind").asText().equals("soap.conversion")) {
                continue;
            }
            for (JsonNode op : site.get("operations")) {
                if (op.get("operation").asText().equals(operation)) {
                    bySite.merge(site.get("site").asText(), op.get("count").asInt(), Integer::sum);
                }
            }
        }
        return bySite;
    }

    private static double conversionsPerRequest(String operation) {
        return AgentEndpoint.operation(agent.phases(), operation).get("hotspots_per_request").get("soap.conversion").asDouble();
    }

    private static void assertStackHas(JsonNode hotspots, String site, String frame) {
        JsonNode s = AgentEndpoint.site(hotspots, "soap.conversion", site);
        assertTrue(s.get("first_stack").toString().contains(frame), site + ": " + s.toPrettyString());
    }
}
