package dev.soapscope.demo.wssecurity;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

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
 * The WS-Security demo in a forked Tomcat 11 with the agent: both endpoints check the signature (an unsigned or a
 * tampered request is a SOAP fault), the per-request variant loads its crypto exactly once per request (counted once
 * although CryptoFactory, Merlin and KeyStore#load nest), the cached one never after warm-up, and the load's cost
 * shows in the {@code security} phase, where CXF's pre-protocol interceptors land.
 */
class WsSecurityUnderAgentIT {
    private static final int WARMUP = 40;
    private static final int N = 40;
    private static final String CACHED = "crypto-cached";
    private static final String PER_REQUEST = "crypto-per-request";
    private static final String CRYPTO_FACTORY_SITE = "org.apache.wss4j.common.crypto.CryptoFactory.getInstance";

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static AgentEndpoint agent;
    /** Per endpoint: the answers to an unsigned and to a tampered request. */
    private static final Map<String, Http.Response> UNSIGNED = new HashMap<>();
    private static final Map<String, Http.Response> TAMPERED = new HashMap<>();

    @BeforeAll
    static void deployAndDrive() throws Exception {
        Wars.explode(Path.of(System.getProperty("wssecurity.war", "target/ws-security.war")), webapp);
        server = ForkedServer.tomcat().fullJit().webapp(webapp)
                .agentUnderTest()
                .start();
        agent = AgentEndpoint.of(server);
        RequestSigner signer = new RequestSigner();
        // the two endpoints take turns, so that whatever else the machine does weighs on both alike
        for (int i = 0; i < WARMUP + N; i++) {
            for (String endpoint : new String[] {CACHED, PER_REQUEST}) {
                String symbol = "SYM" + i;
                String label = (i < WARMUP ? "urn:test:warmup-" : "urn:test:") + endpoint;
                assertQuote(post(endpoint, label, signer.sign(QuoteEnvelope.of(symbol, 10 + i))), symbol, 10 + i);
            }
        }
        for (String endpoint : new String[] {CACHED, PER_REQUEST}) {
            UNSIGNED.put(endpoint, post(endpoint, "urn:test:rejected", QuoteEnvelope.of("ACME", 5).getBytes(StandardCharsets.UTF_8)));
            String signed = new String(signer.sign(QuoteEnvelope.of("ACME", 5)), StandardCharsets.UTF_8);
            String tampered = signed.replace("<quantity>5</quantity>", "<quantity>500</quantity>");
            assertFalse(tampered.equals(signed), "the quantity is in the signed body");
            TAMPERED.put(endpoint, post(endpoint, "urn:test:rejected", tampered.getBytes(StandardCharsets.UTF_8)));
        }
        agent.awaitRequests("urn:test:" + CACHED, N);
        agent.awaitRequests("urn:test:" + PER_REQUEST, N);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void unsignedAndTamperedRequestsGetASecurityFault() {
        for (String endpoint : new String[] {CACHED, PER_REQUEST}) {
            for (Http.Response r : new Http.Response[] {UNSIGNED.get(endpoint), TAMPERED.get(endpoint)}) {
                assertEquals(500, r.status(), endpoint + ": " + r);
                assertTrue(r.body().contains("Fault>") && r.body().contains("SecurityError"), endpoint + ": " + r.body());
                assertFalse(r.body().contains("<quote>"), endpoint + ": " + r.body());
            }
        }
    }

    @Test
    void aPreSignedRequestCanBeSentAgainAndAgain() {
        // what the runner does: sign once while preparing, send many times (no Timestamp, so no expiry or replay check)
        byte[] signed = new RequestSigner().sign(QuoteEnvelope.of("REPLAY", 7));
        for (int i = 0; i < 3; i++) {
            for (String endpoint : new String[] {CACHED, PER_REQUEST}) {
                assertQuote(post(endpoint, "urn:test:replay", signed), "REPLAY", 7);
            }
        }
    }

    @Test
    void perRequestVariantLoadsCryptoExactlyOncePerRequest() {
        JsonNode op = AgentEndpoint.operation(agent.phases(), "urn:test:" + PER_REQUEST);
        assertEquals(N, op.get("requests").asLong());
        assertEquals(1.0, op.get("hotspots_per_request").path("crypto.load").asDouble(), 0.0, op.toPrettyString());
        // all N at CryptoFactory's site: the nested Merlin and KeyStore loads are not counted again
        assertEquals(N, AgentEndpoint.countIn(AgentEndpoint.site(agent.hotspots(), "crypto.load", CRYPTO_FACTORY_SITE),
                "urn:test:" + PER_REQUEST));
    }

    @Test
    void cachedVariantLoadsNoCryptoAfterWarmUp() {
        JsonNode op = AgentEndpoint.operation(agent.phases(), "urn:test:" + CACHED);
        assertEquals(N, op.get("requests").asLong());
        assertFalse(op.get("hotspots_per_request").has("crypto.load"), op.toPrettyString());
        // WSS4J built it once, for the first request, and kept it
        JsonNode site = AgentEndpoint.site(agent.hotspots(), "crypto.load", CRYPTO_FACTORY_SITE);
        assertEquals(1, AgentEndpoint.countIn(site, "urn:test:warmup-" + CACHED), site.toPrettyString());
        assertEquals(WARMUP, AgentEndpoint.countIn(site, "urn:test:warmup-" + PER_REQUEST), site.toPrettyString());
    }

    @Test
    void theCryptoLoadPointsAtCryptoFactoryAndItsCaller() {
        JsonNode site = AgentEndpoint.site(agent.hotspots(), "crypto.load", CRYPTO_FACTORY_SITE);
        String stack = site.get("first_stack").toString();
        assertTrue(stack.contains("CryptoPerRequestInInterceptor.loadSignatureVerificationCrypto")
                || stack.contains("WSHandler.loadCrypto"), stack);
    }

    @Test
    void securityPhaseHoldsTheWorkAndMoreWhenCryptoIsLoadedPerRequest() {
        JsonNode phases = agent.phases();
        JsonNode cached = AgentEndpoint.operation(phases, "urn:test:" + CACHED).get("phases").get("security");
        JsonNode perRequest = AgentEndpoint.operation(phases, "urn:test:" + PER_REQUEST).get("phases").get("security");
        assertTrue(cached != null && perRequest != null, phases.toPrettyString());
        // CXF's pre-protocol phase (WSS4JInInterceptor) is where our security phase comes from
        assertTrue(cached.path("details").has("in:pre-protocol"), cached.toPrettyString());
        assertTrue(perRequest.path("details").has("in:pre-protocol"), perRequest.toPrettyString());
        double cachedUs = cached.get("mean_us").asDouble();
        double perRequestUs = perRequest.get("mean_us").asDouble();
        long cachedAlloc = cached.get("alloc_bytes").asLong();
        long perRequestAlloc = perRequest.get("alloc_bytes").asLong();
        System.out.printf("security phase per request: cached %.0f us, %d KB; crypto per request %.0f us, %d KB (%.1fx time)%n",
                cachedUs, cachedAlloc / 1024, perRequestUs, perRequestAlloc / 1024, perRequestUs / cachedUs);
        assertTrue(cachedUs > 0, cached.toPrettyString());
        assertTrue(perRequestUs > cachedUs, "per request " + perRequestUs + " us, cached " + cachedUs + " us");
        // opening and decrypting the key store (PKCS#12 key derivation, certificate parsing) allocates far more
        // than verifying a signature with a cached crypto: a steadier witness than time on a busy machine
        assertTrue(perRequestAlloc > 2 * cachedAlloc, "per request " + perRequestAlloc + " B, cached " + cachedAlloc + " B");
    }

    private static Http.Response post(String endpoint, String soapAction, byte[] body) {
        return Http.post(server.uri("/services/" + endpoint), new String(body, StandardCharsets.UTF_8),
                "text/xml; charset=utf-8", Map.of("SOAPAction", "\"" + soapAction + "\""));
    }

    private static void assertQuote(Http.Response r, String symbol, int quantity) {
        assertEquals(200, r.status(), r::toString);
        assertTrue(r.body().contains("<unitPrice>" + Prices.unitPrice(symbol).toPlainString() + "</unitPrice>"), r.body());
        assertTrue(r.body().contains("<total>" + Prices.total(symbol, quantity).toPlainString() + "</total>"), r.body());
    }
}
