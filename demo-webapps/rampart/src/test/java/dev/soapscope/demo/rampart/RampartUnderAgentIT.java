package dev.soapscope.demo.rampart;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.soapscope.demo.wssecurity.api.Prices;
import dev.soapscope.demo.wssecurity.api.QuoteEnvelope;
import dev.soapscope.demo.wssecurity.api.RequestSigner;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Rampart demo in a forked Tomcat 9 with the agent: Rampart verifies the signature on both services (an unsigned
 * or a tampered request is a fault); with caching off it builds the Crypto several times per request (each a
 * {@code crypto.load}, counted once although CryptoFactory, Merlin and KeyStore#load nest), with caching on never
 * after the first request; its engine is {@code security} in every request; and every request is converted
 * OM -> DOOM and back, one {@code soap.conversion} each.
 */
class RampartUnderAgentIT {
    private static final int WARMUP = 30;
    private static final int N = 40;
    private static final String CACHED = "crypto-cached";
    private static final String PER_REQUEST = "crypto-per-request";
    private static final String CRYPTO_FACTORY_SITE = "org.apache.ws.security.components.crypto.CryptoFactory.getInstance";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    /** Per service: the answers to an unsigned and to a tampered request. */
    private static final Map<String, Http.Response> UNSIGNED = new HashMap<>();
    private static final Map<String, Http.Response> TAMPERED = new HashMap<>();
    /** Per service, its /phases entry after the warm-up. */
    private static final Map<String, JsonNode> WARM = new HashMap<>();

    @BeforeAll
    static void deployAndDrive() throws Exception {
        Wars.explode(Path.of(System.getProperty("rampart.war", "target/rampart.war")), webapp);
        server = ForkedServer.tomcat9().fullJit().webapp(webapp)
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        RequestSigner signer = new RequestSigner();
        for (int i = 0; i < WARMUP + N; i++) {
            if (i == WARMUP) {
                for (String service : new String[] {CACHED, PER_REQUEST}) {
                    agent.awaitRequests(operation(service), WARMUP);
                    WARM.put(service, AgentEndpoint.operation(agent.phases(), operation(service)));
                }
            }
            // the two services take turns, so that whatever else the machine does weighs on both alike
            for (String service : new String[] {CACHED, PER_REQUEST}) {
                String symbol = "SYM" + i;
                assertQuote(post(service, signer.sign(QuoteEnvelope.of(symbol, 10 + i))), symbol, 10 + i);
            }
        }
        for (String service : new String[] {CACHED, PER_REQUEST}) {
            agent.awaitRequests(operation(service), WARMUP + N);
        }
        for (String service : new String[] {CACHED, PER_REQUEST}) {
            UNSIGNED.put(service, post(service, QuoteEnvelope.of("ACME", 5).getBytes(StandardCharsets.UTF_8)));
            String signed = new String(signer.sign(QuoteEnvelope.of("ACME", 5)), StandardCharsets.UTF_8);
            String tampered = signed.replace("<quantity>5</quantity>", "<quantity>500</quantity>");
            assertFalse(tampered.equals(signed), "the quantity is in the signed body");
            TAMPERED.put(service, post(service, tampered.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The request name Axis2's dispatch gives: service and operation. */
    private static String operation(String service) {
        return service + ".getQuote";
    }

    @Test
    void unsignedAndTamperedRequestsAreFaulted() {
        for (String service : new String[] {CACHED, PER_REQUEST}) {
            for (Http.Response r : new Http.Response[] {UNSIGNED.get(service), TAMPERED.get(service)}) {
                assertEquals(500, r.status(), service + ": " + r);
                assertTrue(r.body().contains("Fault>"), service + ": " + r.body());
                assertFalse(r.body().contains("unitPrice>"), service + ": " + r.body());
            }
        }
    }

    @Test
    void perRequestServiceLoadsCryptoEveryRequest() {
        JsonNode done = AgentEndpoint.operation(agent.phases(), operation(PER_REQUEST));
        double perRequest = hotspotsAfterWarmUp(PER_REQUEST, done, "crypto.load");
        System.out.printf("crypto.load per request with caching off: %.2f%n", perRequest);
        assertTrue(perRequest >= 1, done::toPrettyString);
        // at CryptoFactory's site: the nested Merlin and KeyStore loads are not counted again
        JsonNode site = AgentEndpoint.site(agent.hotspots(), "crypto.load", CRYPTO_FACTORY_SITE);
        assertTrue(AgentEndpoint.countIn(site, operation(PER_REQUEST)) >= WARMUP + N, site::toPrettyString);
        assertTrue(site.get("first_stack").toString().contains("RampartUtil"), site::toPrettyString);
    }

    @Test
    void cachedServiceLoadsNoCryptoAfterWarmUp() {
        JsonNode done = AgentEndpoint.operation(agent.phases(), operation(CACHED));
        // per-request figures in /phases are rounded: none is less than one load in the N requests
        assertEquals(0.0, hotspotsAfterWarmUp(CACHED, done, "crypto.load"), 0.5 / N, done::toPrettyString);
        // Rampart built it for the first request and kept it
        JsonNode site = AgentEndpoint.site(agent.hotspots(), "crypto.load", CRYPTO_FACTORY_SITE);
        assertEquals(1, AgentEndpoint.countIn(site, operation(CACHED)), site::toPrettyString);
    }

    @Test
    void rampartIsSecurityInEveryRequest() {
        for (String service : new String[] {CACHED, PER_REQUEST}) {
            JsonNode op = AgentEndpoint.operation(agent.phases(), operation(service));
            JsonNode security = op.get("phases").get("security");
            assertTrue(security != null && security.get("requests").asLong() == op.get("requests").asLong()
                    && security.get("mean_us").asDouble() > 0, op::toPrettyString);
        }
    }

    @Test
    void eachRequestIsConvertedOmToDoomAndBack() {
        for (String service : new String[] {CACHED, PER_REQUEST}) {
            Map<String, Long> bySite = new TreeMap<>();
            for (JsonNode site : agent.hotspots().get("hotspots")) {
                if (site.get("kind").asText().equals("soap.conversion") && site.get("site").asText().contains("DOOM")) {
                    bySite.put(site.get("site").asText(), AgentEndpoint.countIn(site, operation(service)));
                }
            }
            // the signed requests (the faulted ones are not named by dispatch: they fail in the Security phase)
            assertEquals(Map.of("OM -> DOOM (Rampart)", (long) (WARMUP + N), "DOOM -> OM (Rampart)", (long) (WARMUP + N)),
                    bySite, service);
        }
    }

    @Test
    void securityCostsMoreWhenCryptoIsLoadedPerRequest() {
        Map<String, Double> cached = AgentEndpoint.selfMicrosBetween(WARM.get(CACHED),
                AgentEndpoint.operation(agent.phases(), operation(CACHED)));
        Map<String, Double> perRequest = AgentEndpoint.selfMicrosBetween(WARM.get(PER_REQUEST),
                AgentEndpoint.operation(agent.phases(), operation(PER_REQUEST)));
        double c = cached.get("security") / N;
        double p = perRequest.get("security") / N;
        System.out.printf("security per request after warm-up: cached %.0f us, crypto per request %.0f us; whole "
                + "request %.0f vs %.0f us%n", c, p, sum(cached) / N, sum(perRequest) / N);
        JsonNode cachedAlloc = AgentEndpoint.operation(agent.phases(), operation(CACHED)).get("phases").get("security");
        JsonNode perAlloc = AgentEndpoint.operation(agent.phases(), operation(PER_REQUEST)).get("phases").get("security");
        // opening the key store (PKCS#12 key derivation, certificate parsing) allocates far more than verifying with
        // a cached crypto: a steadier witness than time on a busy machine
        assertTrue(perAlloc.get("alloc_bytes").asLong() > cachedAlloc.get("alloc_bytes").asLong(),
                perAlloc + " vs " + cachedAlloc);
    }

    private static double sum(Map<String, Double> m) {
        return m.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Hot spots of {@code kind} per request between the warm-up and {@code done}. */
    private static double hotspotsAfterWarmUp(String service, JsonNode done, String kind) {
        JsonNode warm = WARM.get(service);
        double after = done.get("hotspots_per_request").path(kind).asDouble() * done.get("requests").asLong();
        double before = warm.get("hotspots_per_request").path(kind).asDouble() * warm.get("requests").asLong();
        return (after - before) / (done.get("requests").asLong() - warm.get("requests").asLong());
    }

    private static Http.Response post(String service, byte[] body) {
        return Http.post(server.uri("/services/" + service), new String(body, StandardCharsets.UTF_8),
                "text/xml; charset=utf-8", Map.of("SOAPAction", "\"urn:getQuote\""));
    }

    private static void assertQuote(Http.Response r, String symbol, int quantity) {
        assertEquals(200, r.status(), r::toString);
        // Axis2 qualifies the bean's elements with a schema namespace of its own: ax21:unitPrice
        assertTrue(r.body().contains("unitPrice>" + Prices.unitPrice(symbol).toPlainString() + "</"), r.body());
        assertTrue(r.body().contains("total>" + Prices.total(symbol, quantity).toPlainString() + "</"), r.body());
    }

}
