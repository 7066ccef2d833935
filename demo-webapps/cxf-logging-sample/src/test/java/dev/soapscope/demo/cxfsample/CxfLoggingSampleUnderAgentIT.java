package dev.soapscope.demo.cxfsample;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own java_first_spring_support sample (its endpoint carries CXF's LoggingFeature) under the agent on Tomcat 11:
 * the three {@code UUID.randomUUID} of each request are counted at the CXF code that makes them, one exchange id and
 * two message ids (in and out), and the one made in {@code AttachmentUtil}'s class initializer is kept apart, out of
 * the rate per request.
 */
class CxfLoggingSampleUnderAgentIT {
    private static final int REQUESTS = 200;
    private static final String OPERATION = "{http://service.spring.demo/}sayHi";
    private static final String SAY_HI = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><ns2:sayHi xmlns:ns2=\"http://service.spring.demo/\"><arg0>Joe</arg0></ns2:sayHi>"
            + "</soap:Body></soap:Envelope>";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;

    @BeforeAll
    static void deploy() throws Exception {
        Wars.explode(Path.of(System.getProperty("cxf-sample.war", "target/cxf-logging-sample.war")), webapp);
        server = ForkedServer.tomcat().webapp(webapp)
                .javaagent(Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")), "port=0")
                .start();
        agent = AgentEndpoint.of(server);
        for (int i = 0; i < REQUESTS; i++) {
            Http.Response r = Http.postSoap(server.uri("/services/HelloWorld"), SAY_HI);
            assertEquals(200, r.status(), r.body());
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eachRandomUuidIsCountedAtTheLoggingCodeThatMadeIt() {
        JsonNode hotspots = agent.hotspots();
        List<JsonNode> uuids = sites(hotspots, "uuid.random");
        JsonNode exchangeId = at(uuids, "org.apache.cxf.ext.logging.AbstractLoggingInterceptor.createExchangeId(");
        JsonNode messageId = at(uuids, "org.apache.cxf.ext.logging.event.DefaultLogEventMapper.getMessageId(");
        assertRate(exchangeId, REQUESTS, 1.0);
        assertRate(messageId, 2 * REQUESTS, 2.0); // the request's and the response's log event
        JsonNode op = AgentEndpoint.operation(agent.phases(), OPERATION);
        assertEquals(REQUESTS, op.get("requests").asLong(), op.toString());
        assertEquals(3.0, op.get("hotspots_per_request").get("uuid.random").asDouble(), 0.0,
                "every request makes three, and only those are in the rate: " + op);
    }

    @Test
    void aClassInitializersUuidIsOneOffAndOutOfTheRate() {
        JsonNode init = at(sites(agent.hotspots(), "uuid.random"), "org.apache.cxf.attachment.AttachmentUtil.<clinit>(");
        assertTrue(init.get("one_off").asBoolean(), init.toString());
        assertEquals(1, init.get("total").asLong(), init.toString());
        JsonNode op = init.get("operations").get(0);
        assertTrue(op.get("per_request").isNull(), init.toString());
    }

    private static void assertRate(JsonNode site, long count, double perRequest) {
        assertEquals(false, site.get("one_off").asBoolean(), site.toString());
        JsonNode op = site.get("operations").get(0);
        assertEquals(OPERATION, op.get("operation").asText(), site.toString());
        assertEquals(count, op.get("count").asLong(), site.toString());
        assertEquals(REQUESTS, op.get("requests").asLong(), "met by every request: " + site);
        assertEquals(perRequest, op.get("per_request").asDouble(), 0.0, site.toString());
    }

    private static List<JsonNode> sites(JsonNode hotspots, String kind) {
        List<JsonNode> sites = new ArrayList<>();
        for (JsonNode s : hotspots.get("hotspots")) {
            if (s.get("kind").asText().equals(kind)) {
                sites.add(s);
            }
        }
        return sites;
    }

    private static JsonNode at(List<JsonNode> sites, String callerPrefix) {
        for (JsonNode s : sites) {
            if (s.get("caller").asText().startsWith(callerPrefix)) {
                return s;
            }
        }
        throw new AssertionError("no site at " + callerPrefix + " in " + sites);
    }
}
