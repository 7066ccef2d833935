package dev.soapscope.demo.wssecurity.api;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.message.WSSecHeader;
import org.apache.wss4j.dom.message.WSSecSignature;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Adds a WS-Security header with an X.509 signature over the SOAP body (RSA-SHA256, the certificate as a binary
 * security token) to a SOAP 1.1 envelope, with the client key the build generated. There is deliberately no
 * Timestamp: a signed request can then be prepared once and sent any number of times (a load driver pre-signs its
 * requests; the service does not ask for a Timestamp).
 *
 * <p>Loads the client's crypto once; {@link #sign} may be called from several threads.
 */
public final class RequestSigner {

    private final Crypto crypto;

    public RequestSigner() {
        WSSConfig.init(); // registers WSS4J's XML security algorithms with Santuario
        try {
            crypto = CryptoFactory.getInstance(DemoKeys.CLIENT_CRYPTO, RequestSigner.class.getClassLoader());
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot load " + DemoKeys.CLIENT_CRYPTO + " (is the jar built?)", e);
        }
    }

    /** The envelope, signed. */
    public byte[] sign(String envelope) {
        try {
            Document document = parse(envelope);
            WSSecHeader header = new WSSecHeader(document);
            header.insertSecurityHeader();
            WSSecSignature signature = new WSSecSignature(header);
            signature.setUserInfo(DemoKeys.CLIENT_ALIAS, DemoKeys.CLIENT_KEY_PASSWORD);
            signature.setKeyIdentifierType(WSConstants.BST_DIRECT_REFERENCE);
            signature.setSignatureAlgorithm(WSS4JConstants.RSA_SHA256);
            signature.setDigestAlgo(WSS4JConstants.SHA256);
            return serialize(signature.build(crypto));
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot sign the request", e);
        }
    }

    private static Document parse(String envelope) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(envelope.getBytes(StandardCharsets.UTF_8)));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalArgumentException("not an XML envelope", e);
        }
    }

    private static byte[] serialize(Document document) {
        try {
            Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot write the signed envelope", e);
        }
    }
}
