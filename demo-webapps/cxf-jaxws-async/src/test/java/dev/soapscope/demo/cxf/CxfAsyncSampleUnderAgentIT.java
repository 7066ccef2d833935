package dev.soapscope.demo.cxf;

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
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own jaxws_async sample (unmodified, CXF 4.2.0) on Tomcat 11 under the agent: its {@code @UseAsyncMethod}
 * operation answers from a thread of the sample's own, through a CXF continuation, so the servlet request goes
 * asynchronous and CXF finishes it in an ASYNC dispatch (marshalling and writing the answer). Each request is counted
 * once, and the dispatch's work is the request's phases, not background work.
 */
class CxfAsyncSampleUnderAgentIT {
    private static final String OPERATION = "{http://apache.org/hello_world_async_soap_http}greetMeSometime";
    private static final String PATH = "/services/SoapContext/SoapPort";
    private static final int N = 100;

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static JsonNode phases;

    @BeforeAll
    static void deployAndSend() throws IOException, InterruptedException {
        server = ForkedServer.tomcat()
                .webapp(Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-jaxws-async.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        for (int i = 0; i < N; i++) {
            String envelope = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                    + "<greetMeSometime xmlns=\"http://apache.org/hello_world_async_soap_http/types\"><requestType>Bob"
                    + i + "</requestType></greetMeSometime></soap:Body></soap:Envelope>";
            Http.Response r = Http.post(server.uri(PATH), envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("How are you Bob" + i), r.body());
        }
        assertTrue(server.output().contains("Executing operation greetMeSometimeAsync asynchronously"),
                "the sample ran its asynchronous variant");
        agent.awaitRequests(OPERATION, N);
        phases = agent.phases();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eachRequestIsCountedOnceWithItsDispatchsWork() {
        JsonNode op = AgentEndpoint.operation(phases, OPERATION);
        assertEquals(N, op.get("requests").asLong(), phases.toPrettyString());
        // read and unmarshalled before it goes asynchronous; marshalled and written in the ASYNC dispatch
        for (String phase : new String[] {"soap.parse", "unmarshal", "marshal", "soap.serialize", "transport.write"}) {
            assertEquals(N, op.get("phases").path(phase).path("requests").asLong(), phase + ": " + op.toPrettyString());
        }
        JsonNode background = phases.path("background");
        assertFalse(!background.isMissingNode() && background.get("phases").has("marshal"),
                "the dispatch's marshalling is the request's: " + background);
    }
}
