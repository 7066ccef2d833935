package dev.soapscope.demo.mtom;

import dev.soapscope.testkit.AgentEndpoint;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.demo.mtom.api.MtomEcho;
import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.testkit.ForkedServer;
import jakarta.activation.DataHandler;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Holder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CXF demo under the agent: CXF's interceptor phases land in ours with their CXF names kept as details, MTOM
 * requests show the attachments phase and the single-byte reads of MIME parsing, and operations are named from
 * CXF's binding operation when the client sends no SOAPAction.
 */
class MtomUnderAgentIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;

    @BeforeAll
    static void deploy() throws Exception {
        server = MtomWebappServer.deploy(webapp)
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);

        for (boolean mtom : new boolean[] {true, false}) {
            QueryService query = SoapClients.proxy(QueryService.class, server.uri(mtom ? "/services/query-mtom" : "/services/query"), mtom);
            label(query, mtom ? "urn:test:query-mtom" : "urn:test:query-base64");
            String id = query.query("select tuples limit 5000");
            for (int i = 0; i < 5; i++) {
                assertEquals(1000 * 115 + 1, query.getNTuples(1000, id).length);
            }
            MtomEcho echo = SoapClients.proxy(MtomEcho.class, server.uri(mtom ? "/services/echo-mtom" : "/services/echo"), mtom);
            label(echo, mtom ? "urn:test:echo-mtom" : "urn:test:echo-base64");
            for (int i = 0; i < 3; i++) {
                Holder<DataHandler> data = new Holder<>(new DataHandler(new MtomEchoIT.BytesDataSource(new byte[256 * 1024])));
                echo.testMtom(new Holder<>("x"), data);
            }
        }
        // no label: the operation is CXF's binding operation
        QueryService unlabelled = SoapClients.proxy(QueryService.class, server.uri("/services/query"), false);
        unlabelled.getNTuples(10, unlabelled.query("select tuples limit 10"));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void mtomRequestsShowAttachmentsAndMimeSingleByteReads() throws Exception {
        JsonNode phases = agent.phases();
        JsonNode mtom = AgentEndpoint.operation(phases, "urn:test:echo-mtom");
        assertTrue(mtom.get("phases").has("attachments"), mtom.toPrettyString());
        double mtomReads = mtom.get("hotspots_per_request").path("stream.single_byte_read").asDouble();
        double base64Reads = AgentEndpoint.operation(phases, "urn:test:echo-base64").get("hotspots_per_request")
                .path("stream.single_byte_read").asDouble();
        assertTrue(mtomReads > 0 && mtomReads > base64Reads, "single-byte reads: MTOM " + mtomReads + ", base64 " + base64Reads);
        JsonNode sites = agent.hotspots();
        boolean mime = false;
        for (JsonNode s : sites.get("hotspots")) {
            mime |= s.get("kind").asText().equals("stream.single_byte_read") && s.get("site").asText().startsWith("CXF MIME");
        }
        assertTrue(mime, sites.toPrettyString());
    }

    @Test
    void cxfPhasesAreKeptAsDetailsOfOurs() throws Exception {
        JsonNode op = AgentEndpoint.operation(agent.phases(), "urn:test:query-base64");
        assertEquals(5 + 1, op.get("requests").asLong());
        boolean inbound = false;
        boolean outbound = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = op.get("phases").fields(); it.hasNext(); ) {
            JsonNode details = it.next().getValue().get("details");
            if (details != null) {
                for (Iterator<String> names = details.fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    inbound |= name.startsWith("in:");
                    outbound |= name.startsWith("out:");
                }
            }
        }
        assertTrue(inbound && outbound, op.toPrettyString());
        for (String phase : new String[] {"soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
            assertTrue(op.get("phases").has(phase), phase + " missing: " + op.toPrettyString());
        }
        double shares = 0;
        for (JsonNode p : op.get("phases")) {
            shares += p.get("share").asDouble();
        }
        assertEquals(1.0, shares, 0.01);
    }

    @Test
    void withoutSoapActionTheOperationIsCxfsBindingOperation() throws Exception {
        assertEquals(1, AgentEndpoint.operation(agent.phases(), "{urn:soapscope:demo:query}getNTuples").get("requests").asLong());
    }

    private static void label(Object proxy, String soapAction) {
        Map<String, Object> request = ((BindingProvider) proxy).getRequestContext();
        request.put(BindingProvider.SOAPACTION_USE_PROPERTY, Boolean.TRUE);
        request.put(BindingProvider.SOAPACTION_URI_PROPERTY, soapAction);
    }


}
