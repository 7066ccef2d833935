package dev.soapscope.demo.mtom.axis1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import javax.xml.namespace.QName;
import javax.xml.rpc.ParameterMode;
import javax.xml.rpc.ServiceException;

import org.apache.axis.client.Call;
import org.apache.axis.client.Service;
import org.apache.axis.encoding.XMLType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.soapscope.demo.mtom.api.TupleBatches;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

/**
 * The binary-transfer query on Axis 1.4 in Tomcat 9 under the agent, fetched by Axis 1.4's own client (a dynamic
 * {@link Call}, RPC/encoded, as the classic benchmark's Axis client): every tuple decoded and checked against
 * {@code Tuples.generate(i)}; the agent names the requests by their SOAPAction, counts them apart and sees Axis's
 * stages in their phases for every batch.
 */
class Axis1TransferUnderAgentIT {
    private static final String NS = "urn:soapscope:demo:query";
    private static final String QUERY = "urn:test:mtom-axis1:query";
    private static final String BATCH = "urn:test:mtom-axis1:getNTuples";
    private static final int TUPLES = 3000;
    private static final int FETCH = 1000;
    /** 3 full batches and the empty one. */
    private static final int BATCHES = TupleBatches.count(TUPLES, FETCH);

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static JsonNode phases;

    @BeforeAll
    static void deployAndFetch() throws Exception {
        server = ForkedServer.tomcat9()
                .webapp(Wars.explode(Path.of(System.getProperty("mtomAxis1.war", "target/mtom-axis1.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        fetchAll(server.uri("/services/query"));
        agent.awaitRequests(BATCH, BATCHES);
        phases = agent.phases();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** One query of {@link #TUPLES}, fetched {@link #FETCH} at a time, every tuple checked. */
    private static void fetchAll(URI address) throws Exception {
        String id = (String) call(address, QUERY, "query", XMLType.XSD_STRING, "query")
                .invoke(new Object[] {"select * from tuples limit " + TUPLES});
        TupleBatches.fetchAndCheck(TUPLES, FETCH, batch -> (byte[]) call(address, BATCH, "getNTuples",
                XMLType.XSD_BASE64, "tuples", "requestID").invoke(new Object[] {FETCH, id}));
    }

    /** An RPC/encoded call of {@code operation}: an int first parameter when there are two, strings otherwise. */
    private static Call call(URI address, String soapAction, String operation, QName returnType, String... params)
            throws ServiceException, IOException {
        Call call = (Call) new Service().createCall();
        call.setTargetEndpointAddress(address.toURL());
        call.setOperationName(new QName(NS, operation));
        for (int i = 0; i < params.length; i++) {
            call.addParameter(params[i], params.length == 2 && i == 0 ? XMLType.XSD_INT : XMLType.XSD_STRING,
                    ParameterMode.IN);
        }
        call.setReturnType(returnType);
        call.setUseSOAPAction(true);
        call.setSOAPActionURI(soapAction);
        return call;
    }

    @Test
    void everyRequestIsCountedUnderItsSoapAction() {
        assertEquals(1, AgentEndpoint.operation(phases, QUERY).get("requests").asLong());
        assertEquals(BATCHES, AgentEndpoint.operation(phases, BATCH).get("requests").asLong());
    }

    @Test
    void batchesPassThroughAxisStages() {
        JsonNode batch = AgentEndpoint.operation(phases, BATCH).get("phases");
        for (String phase : List.of("transport.read", "soap.parse", "unmarshal", "invoke", "marshal",
                "soap.serialize", "transport.write")) {
            JsonNode p = batch.get(phase);
            assertTrue(p != null && p.get("requests").asLong() == BATCHES, phase + ": " + batch.toPrettyString());
        }
    }

    @Test
    void theResponsesBase64IsCounted() {
        JsonNode batches = AgentEndpoint.operation(phases, BATCH);
        // 3 of 4 batches carry 115,001 bytes, base64 a third more
        double expected = 3 * (FETCH * TupleCodec.ASCII_TUPLE_BYTES + 1) * 4.0 / 3 / BATCHES;
        assertTrue(batches.get("bytes_out_per_request").asDouble() > expected, batches.toPrettyString());
    }
}
