package dev.soapscope.demo.scenario.wssecurity;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import dev.soapscope.demo.scenario.RequestGenerator.GeneratedRequest;
import dev.soapscope.demo.wssecurity.api.DemoKeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignedQuoteRequestsTest {

    private final SignedQuoteRequests requests = new SignedQuoteRequests();

    @Test
    void eachIndexIsAFixedQuoteWithItsPrice() {
        GeneratedRequest<ExpectedQuote> first = requests.generate(0);
        assertEquals(new ExpectedQuote("ACME1", 1, new BigDecimal("11.47"), new BigDecimal("11.47")), first.expected());
        ExpectedQuote again = requests.generate(0).expected();
        assertEquals(first.expected(), again);
        ExpectedQuote other = requests.generate(9).expected();
        assertEquals("GLOBEX10", other.symbol());
        assertEquals(334, other.quantity());
        assertEquals(other.unitPrice().multiply(BigDecimal.valueOf(334)), other.total());
        assertEquals(2, other.total().scale());
    }

    @Test
    void theBodyIsSignedWithTheKeyTheServiceTrusts() throws Exception {
        GeneratedRequest<ExpectedQuote> r = requests.generate(3);
        String body = new String(r.body(), StandardCharsets.UTF_8);
        assertTrue(body.contains("<symbol>UMBRELLA4</symbol><quantity>112</quantity>"), body);
        assertFalse(body.contains("Timestamp"), "a pre-signed request must not expire: " + body);
        assertEquals(1, verify(r.body()).getActionResults().getOrDefault(WSConstants.SIGN, List.of()).size());
        assertNotEquals(body, new String(requests.generate(4).body(), StandardCharsets.UTF_8));
    }

    /** What the service's WSS4JInInterceptor does with the request, with the service's trust store. */
    private static WSHandlerResult verify(byte[] envelope) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(envelope));
        RequestData data = new RequestData();
        data.setSigVerCrypto(CryptoFactory.getInstance(DemoKeys.SERVICE_CRYPTO, SignedQuoteRequestsTest.class.getClassLoader()));
        return new WSSecurityEngine().processSecurityHeader(document, data);
    }
}
