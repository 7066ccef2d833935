package dev.soapscope.demo.mtom.metro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.soap.SOAPBinding;

import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.TupleBatches;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

/**
 * The binary-transfer query on Metro 4.0.5 in Tomcat 11 under the agent, fetched by the runner's kind of client (a
 * CXF JAX-WS proxy of the same interface): every tuple decoded and checked against {@code Tuples.generate(i)}; base64
 * responses are plain SOAP, MTOM ones multipart/related; Metro names each request by its WSDL operation, so the
 * agent counts queries and batches apart, and each batch passes through Metro's phases.
 */
class MetroTransferUnderAgentIT {
    private static final String QUERY = "{" + QueryService.NS + "}query";
    private static final String GET_N_TUPLES = "{" + QueryService.NS + "}getNTuples";
    private static final int TUPLES = 3000;
    private static final int FETCH = 1000;
    /** Per endpoint: 3 full batches and the empty one. */
    private static final int BATCHES = TupleBatches.count(TUPLES, FETCH);

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static JsonNode afterBase64;
    private static JsonNode afterMtom;
    private static String base64ContentType;
    private static String mtomContentType;

    @BeforeAll
    static void deployAndFetch() throws Exception {
        server = ForkedServer.tomcat()
                .webapp(Wars.explode(Path.of(System.getProperty("mtomMetro.war", "target/mtom-metro.war")), webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        base64ContentType = fetchAll(server.uri("/services/query"), false);
        afterBase64 = agent.phases();
        mtomContentType = fetchAll(server.uri("/services/query-mtom"), true);
        afterMtom = agent.phases();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** One query of {@link #TUPLES}, fetched {@link #FETCH} at a time; returns the last response's Content-Type. */
    private static String fetchAll(URI address, boolean mtom) throws Exception {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(QueryService.class);
        factory.setAddress(address.toString());
        QueryService proxy = (QueryService) factory.create();
        ((SOAPBinding) ((BindingProvider) proxy).getBinding()).setMTOMEnabled(mtom);
        String id = proxy.query("select * from tuples limit " + TUPLES);
        TupleBatches.fetchAndCheck(TUPLES, FETCH, batch -> proxy.getNTuples(FETCH, id));
        @SuppressWarnings("unchecked")
        Map<String, List<String>> headers = (Map<String, List<String>>) ((BindingProvider) proxy).getResponseContext()
                .get(MessageContext.HTTP_RESPONSE_HEADERS);
        return headers.entrySet().stream().filter(h -> h.getKey().equalsIgnoreCase("Content-Type"))
                .map(h -> h.getValue().get(0)).findFirst().orElse("");
    }

    @Test
    void base64IsPlainSoapAndMtomIsMultipart() {
        assertTrue(base64ContentType.startsWith("text/xml"), base64ContentType);
        assertTrue(mtomContentType.startsWith("multipart/related") && mtomContentType.contains("xop+xml"),
                mtomContentType);
    }

    @Test
    void everyRequestIsCountedUnderItsWsdlOperation() {
        assertEquals(1, AgentEndpoint.operation(afterBase64, QUERY).get("requests").asLong());
        assertEquals(BATCHES, AgentEndpoint.operation(afterBase64, GET_N_TUPLES).get("requests").asLong());
        assertEquals(2, AgentEndpoint.operation(afterMtom, QUERY).get("requests").asLong());
        assertEquals(2 * BATCHES, AgentEndpoint.operation(afterMtom, GET_N_TUPLES).get("requests").asLong());
    }

    /**
     * Metro writes MTOM attachments inside its codec's encode (MtomCodec), which the Metro probes time as a whole as
     * soap.serialize: there is no separate attachments phase on Metro (CXF has one), so MTOM's encoding shows there.
     */
    @Test
    void batchesPassThroughMetrosPhasesBase64AndMtomAlike() {
        for (JsonNode after : List.of(afterBase64, afterMtom)) {
            JsonNode phases = AgentEndpoint.operation(after, GET_N_TUPLES).get("phases");
            for (String phase : List.of("soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize",
                    "transport.write")) {
                assertTrue(phases.has(phase), phase + ": " + phases.toPrettyString());
            }
        }
        Map<String, Double> mtomOnly = AgentEndpoint.selfMicrosBetween(
                AgentEndpoint.operation(afterBase64, GET_N_TUPLES), AgentEndpoint.operation(afterMtom, GET_N_TUPLES));
        assertTrue(mtomOnly.get("soap.serialize") > 0 && mtomOnly.get("marshal") > 0, "MTOM batches: " + mtomOnly);
    }

    @Test
    void theResponsesBytesAreCounted() {
        JsonNode batches = AgentEndpoint.operation(afterBase64, GET_N_TUPLES);
        // 3 of 4 batches carry 115,001 bytes, base64 a third more
        double expected = 3 * (FETCH * TupleCodec.ASCII_TUPLE_BYTES + 1) * 4.0 / 3 / BATCHES;
        assertTrue(batches.get("bytes_out_per_request").asDouble() > expected, batches.toPrettyString());
    }
}
