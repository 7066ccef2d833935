package dev.soapscope.demo.wssecurity.api;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated key stores fit together: what the client signs, the service's crypto verifies; tampering fails. */
class RequestSignerTest {

    private static final RequestSigner SIGNER = new RequestSigner();

    @Test
    void aSignedRequestVerifiesWithTheServiceCrypto() throws Exception {
        String signed = new String(SIGNER.sign(QuoteEnvelope.of("ACME", 250)), StandardCharsets.UTF_8);
        assertTrue(signed.contains("BinarySecurityToken") && signed.contains("SignatureValue"), signed);
        assertFalse(signed.contains("Timestamp"), signed);
        WSHandlerResult result = verify(signed);
        assertEquals(1, result.getActionResults().getOrDefault(WSConstants.SIGN, List.of()).size(),
                result.getResults().toString());
    }

    @Test
    void aChangedBodyFailsVerification() {
        String signed = new String(SIGNER.sign(QuoteEnvelope.of("ACME", 250)), StandardCharsets.UTF_8);
        String tampered = signed.replace("<quantity>250</quantity>", "<quantity>251</quantity>");
        assertThrows(WSSecurityException.class, () -> verify(tampered));
    }

    private static WSHandlerResult verify(String envelope) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(envelope.getBytes(StandardCharsets.UTF_8)));
        RequestData data = new RequestData();
        data.setSigVerCrypto(CryptoFactory.getInstance(DemoKeys.SERVICE_CRYPTO, RequestSignerTest.class.getClassLoader()));
        return new WSSecurityEngine().processSecurityHeader(document, data);
    }
}
