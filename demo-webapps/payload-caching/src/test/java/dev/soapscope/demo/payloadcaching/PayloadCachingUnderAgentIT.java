package dev.soapscope.demo.payloadcaching;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Wars;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The three message factories under the agent: every scenario still answers correctly, and the breakdown
 * puts each stage where it belongs (Spring-WS, SAAJ, Axiom and JAXB probes).
 */
class PayloadCachingUnderAgentIT {
    private static final int N = 30;
    private static final String[] SCENARIOS = {"saaj", "axiom-caching", "axiom-streaming"};
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;

    @BeforeAll
    static void deploy() throws IOException {
        Wars.explode(Path.of(System.getProperty("payloadCaching.war", "target/payload-caching.war")), webapp);
        server = ForkedServer.tomcat().webapp(webapp)
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        for (String scenario : SCENARIOS) {
            for (int i = 0; i < N; i++) {
                assertOrderAnswered(post("/" + scenario + "/orders", "urn:test:" + scenario));
            }
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyStageLandsInItsPhaseAndSharesAddUp() throws Exception {
        JsonNode phases = agent.phases();
        for (String scenario : SCENARIOS) {
            JsonNode op = AgentEndpoint.operation(phases, "urn:test:" + scenario);
            assertEquals(N, op.get("requests").asLong());
            double shares = 0;
            for (JsonNode p : op.get("phases")) {
                shares += p.get("share").asDouble();
            }
            assertEquals(1.0, shares, 0.01, scenario);
            for (String phase : new String[] {"transport.read", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
                assertTrue(op.get("phases").has(phase), scenario + " has no " + phase + ": " + op.toPrettyString());
            }
        }
    }

    @Test
    void saajCreatesFactoriesPerMessageAndCachingKeepsTheTree() throws Exception {
        JsonNode phases = agent.phases();
        JsonNode saaj = AgentEndpoint.operation(phases, "urn:test:saaj").get("hotspots_per_request");
        JsonNode caching = AgentEndpoint.operation(phases, "urn:test:axiom-caching");
        JsonNode streaming = AgentEndpoint.operation(phases, "urn:test:axiom-streaming");
        assertTrue(saaj.path("factory.create").asDouble() >= 1.0, saaj.toString());
        assertTrue(saaj.path("soap.conversion").asDouble() >= 1.0, saaj.toString());
        assertTrue(caching.get("hotspots_per_request").path("payload.cached").asDouble() >= 1.0, caching.toString());
        assertFalse(streaming.get("hotspots_per_request").has("payload.cached"), streaming.toString());
        assertFalse(saaj.has("payload.cached"), saaj.toString());
        assertTrue(caching.get("alloc_bytes_per_request").asLong() > streaming.get("alloc_bytes_per_request").asLong(),
                "caching " + caching.get("alloc_bytes_per_request") + " vs streaming " + streaming.get("alloc_bytes_per_request"));

        // SAAJ's per-message DocumentBuilderFactory, pointed at its call site inside SAAJ
        JsonNode dbf = AgentEndpoint.site(agent.hotspots(), "factory.create", "javax.xml.parsers.DocumentBuilderFactory.newInstance");
        assertTrue(dbf.get("first_stack").toString().contains("com.sun.xml.messaging.saaj"), dbf.toString());
    }

    @Test
    void inStreamingModeTheSocketWaitDuringUnmarshalIsTransportRead() throws Exception {
        int pauseMillis = 400;
        for (int i = 0; i < 3; i++) {
            String response = slowPost("/axiom-streaming/orders", "urn:test:slow-streaming", pauseMillis);
            assertTrue(response.startsWith("HTTP/1.1 200"), response);
            assertTrue(response.contains("<ord:lineCount>" + OrderRequests.LINES + "</ord:lineCount>"), response);
        }
        JsonNode op = AgentEndpoint.operation(agent.phases(), "urn:test:slow-streaming");
        double read = op.get("phases").get("transport.read").get("mean_us").asDouble();
        double unmarshal = op.get("phases").get("unmarshal").get("mean_us").asDouble();
        assertTrue(read >= pauseMillis * 1000 * 0.9, "transport.read " + read + " us: " + op.toPrettyString());
        assertTrue(unmarshal < pauseMillis * 1000 / 2.0, "unmarshal " + unmarshal + " us: " + op.toPrettyString());
    }

    @Test
    void withoutSoapActionTheOperationIsThePayloadRoot() throws Exception {
        for (int i = 0; i < 4; i++) {
            assertOrderAnswered(post("/axiom-streaming/orders", ""));
        }
        JsonNode op = AgentEndpoint.operation(agent.phases(), "{urn:soapscope:demo:orders}orderRequest");
        assertEquals(4, op.get("requests").asLong());
    }

    private static Http.Response post(String path, String soapAction) {
        return Http.post(server.uri(path), OrderRequests.envelope("ORD-7", OrderRequests.LINES),
                "text/xml; charset=utf-8", Map.of("SOAPAction", "\"" + soapAction + "\""));
    }

    private static void assertOrderAnswered(Http.Response r) {
        assertEquals(200, r.status(), r::toString);
        assertTrue(r.body().contains("<ord:lineCount>" + OrderRequests.LINES + "</ord:lineCount>"), r.body());
        assertTrue(r.body().contains("<ord:total>" + OrderRequests.expectedTotal(OrderRequests.LINES) + "</ord:total>"), r.body());
    }

    /** Sends half the body, waits, sends the rest: the server blocks on the socket while it unmarshals. */
    private static String slowPost(String path, String soapAction, int pauseMillis) throws Exception {
        byte[] body = OrderRequests.envelope("ORD-9", OrderRequests.LINES).getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=utf-8\r\n"
                + "SOAPAction: \"" + soapAction + "\"\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body, 0, body.length / 2);
            out.flush();
            Thread.sleep(pauseMillis);
            out.write(body, body.length / 2, body.length - body.length / 2);
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }



}
