package dev.soapscope.demo.mtom.springws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.SOAPFaultException;

import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.TupleBatches;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

/**
 * The binary-transfer query on Spring-WS 5 with Axiom streaming in Tomcat 11 under the agent, fetched by the runner's
 * kind of client (a CXF JAX-WS proxy of QueryService, which this WAR's payload-root endpoints answer unchanged): every
 * tuple decoded and checked against {@code Tuples.generate(i)}; the agent names the requests by their SOAPAction and
 * sees Spring-WS's phases for every batch.
 */
class SpringWsTransferUnderAgentIT {
    private static final String QUERY = "urn:test:mtom-spring-ws:query";
    private static final String BATCH = "urn:test:mtom-spring-ws:getNTuples";
    private static final int TUPLES = 3000;
    private static final int FETCH = 1000;
    /** 3 full batches and the empty one. */
    private static final int BATCHES = TupleBatches.count(TUPLES, FETCH);

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    private static QueryService proxy;
    private static JsonNode phases;

    @BeforeAll
    static void deployAndFetch() throws Exception {
        server = ForkedServer.tomcat()
                .webapp(Wars.explode(Path.of(System.getProperty("mtomSpringWs.war", "target/mtom-spring-ws.war")),
                        webapp))
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(QueryService.class);
        factory.setAddress(server.uri("/services/query").toString());
        proxy = (QueryService) factory.create();
        fetchAll();
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
    private static void fetchAll() throws Exception {
        label(QUERY);
        String id = proxy.query("select * from tuples limit " + TUPLES);
        label(BATCH);
        TupleBatches.fetchAndCheck(TUPLES, FETCH, batch -> proxy.getNTuples(FETCH, id));
    }

    private static void label(String soapAction) {
        Map<String, Object> request = ((BindingProvider) proxy).getRequestContext();
        request.put(BindingProvider.SOAPACTION_USE_PROPERTY, Boolean.TRUE);
        request.put(BindingProvider.SOAPACTION_URI_PROPERTY, soapAction);
    }

    @Test
    void everyRequestIsCountedUnderItsSoapAction() {
        assertEquals(1, AgentEndpoint.operation(phases, QUERY).get("requests").asLong());
        assertEquals(BATCHES, AgentEndpoint.operation(phases, BATCH).get("requests").asLong());
    }

    @Test
    void batchesPassThroughSpringWsPhases() {
        JsonNode batch = AgentEndpoint.operation(phases, BATCH).get("phases");
        for (String phase : List.of("transport.read", "soap.parse", "unmarshal", "invoke", "marshal",
                "soap.serialize")) {
            JsonNode p = batch.get(phase);
            assertTrue(p != null && p.get("requests").asLong() == BATCHES, phase + ": " + batch.toPrettyString());
        }
    }

    @Test
    void anUnknownQueryIsASoapFault() {
        SOAPFaultException fault = assertThrows(SOAPFaultException.class, () -> proxy.getNTuples(10, "q-none"));
        assertTrue(fault.getMessage().contains("no query with request id q-none"), fault.getMessage());
    }
}
