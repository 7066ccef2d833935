package dev.soapscope.demo.mtom.axis2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.soapscope.demo.mtom.api.Axis2SoapClient;
import dev.soapscope.demo.mtom.api.TupleBatches;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

/**
 * The binary-transfer query on Apache's Axis2 1.8.0 webapp in Tomcat 9 under the agent, fetched by the runner's client
 * (plain SOAP, MTOM packages parsed with Mime4j): every tuple decoded and checked against {@code Tuples.generate(i)};
 * the base64 service answers plain SOAP with the batch inline, the MTOM one a multipart/related XOP package with the
 * batch as an attachment; Axis2 names each request by the service and operation it dispatched it to whatever its
 * SOAPAction, so queries and batches of each service are counted apart, and each batch passes through Axis2's phases.
 */
class Axis2TransferUnderAgentIT {
    private static final int TUPLES = 3000;
    private static final int FETCH = 1000;
    /** Per service: 3 full batches and the empty one. */
    private static final int BATCHES = TupleBatches.count(TUPLES, FETCH);

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static JsonNode phases;
    private static final List<Axis2SoapClient.Answer> BASE64 = new ArrayList<>();
    private static final List<Axis2SoapClient.Answer> MTOM = new ArrayList<>();

    @BeforeAll
    static void deployAndFetch() throws Exception {
        server = ForkedServer.tomcat9()
                .webapp(Wars.explode(Path.of(System.getProperty("mtomAxis2.war", "target/mtom-axis2.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        fetchAll(server.uri("/services/query"), BASE64);
        fetchAll(server.uri("/services/query-mtom"), MTOM);
        for (String service : List.of("query", "query-mtom")) {
            agent.awaitRequests(service + ".getNTuples", BATCHES);
        }
        phases = agent.phases();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** One query of {@link #TUPLES}, fetched {@link #FETCH} at a time, every tuple checked; keeps the answers. */
    private static void fetchAll(URI address, List<Axis2SoapClient.Answer> answers) throws Exception {
        Axis2SoapClient client = new Axis2SoapClient(address);
        client.soapAction("urn:soapscope:demo:whatever"); // Axis2 dispatches on the body
        String id = client.query("select * from tuples limit " + TUPLES);
        TupleBatches.fetchAndCheck(TUPLES, FETCH, batch -> {
            Axis2SoapClient.Answer answer = client.getNTuples(FETCH, id);
            answers.add(answer);
            return answer.bytes();
        });
    }

    @Test
    void base64IsInlineInPlainSoapAndMtomAnXopAttachment() {
        for (Axis2SoapClient.Answer a : BASE64) {
            assertTrue(a.contentType().startsWith("text/xml"), a.contentType());
            assertNull(a.attachment());
        }
        for (Axis2SoapClient.Answer a : MTOM) {
            assertTrue(a.contentType().startsWith("multipart/related") && a.contentType().contains("xop+xml"),
                    a.contentType());
            assertNotNull(a.attachment(), "xop:Include");
        }
    }

    @Test
    void everyRequestIsCountedUnderTheOperationAxis2DispatchedItTo() {
        for (String service : List.of("query", "query-mtom")) {
            assertEquals(1, AgentEndpoint.operation(phases, service + ".query").get("requests").asLong(), service);
            assertEquals(BATCHES, AgentEndpoint.operation(phases, service + ".getNTuples").get("requests").asLong(),
                    service);
        }
    }

    /**
     * Axis2 writes MTOM attachments inside its message formatter (Axiom's multipart writer), timed as a whole as
     * soap.serialize: like Metro, and unlike CXF, it has no separate attachments phase.
     */
    @Test
    void batchesPassThroughAxis2sPhasesBase64AndMtomAlike() {
        for (String service : List.of("query", "query-mtom")) {
            JsonNode batch = AgentEndpoint.operation(phases, service + ".getNTuples").get("phases");
            for (String phase : List.of("handlers", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize",
                    "transport.write")) {
                assertTrue(batch.has(phase), service + ": " + phase + ": " + batch.toPrettyString());
            }
        }
    }
}
