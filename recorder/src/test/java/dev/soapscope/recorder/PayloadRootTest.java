package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PayloadRootTest {
    private static final String PAYLOAD = "<ns:getCustomersByName xmlns:ns=\"http://customerservice.example.com/\">"
            + "<name>Smith</name></ns:getCustomersByName>";

    @Test
    void aMessageIsNamedByItsBodysFirstElementAPayloadByItsRoot() throws Exception {
        String expected = "{http://customerservice.example.com/}getCustomersByName";
        for (String soap : new String[] {"http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"}) {
            Document envelope = parse("<S:Envelope xmlns:S=\"" + soap + "\"><S:Header/>\n<S:Body>\n  " + PAYLOAD
                    + "</S:Body></S:Envelope>");
            assertEquals(expected, PayloadRoot.of(envelope), soap);
            assertEquals(expected, PayloadRoot.of(new DOMSource(envelope)), "message mode's source: " + soap);
            assertEquals(expected, PayloadRoot.of(envelope.getDocumentElement().getLastChild()), "the body: " + soap);
        }
        Document payload = parse(PAYLOAD);
        assertEquals(expected, PayloadRoot.of(new DOMSource(payload)), "payload mode");
        assertEquals(expected, PayloadRoot.of(new DOMSource(payload.getDocumentElement())));
        assertEquals("{}plain", PayloadRoot.of(parse("<plain/>")));
    }

    @Test
    void whatOnlyAStreamCouldTellNamesNothing() throws Exception {
        assertNull(PayloadRoot.of(new StreamSource(new StringReader(PAYLOAD))), "a stream is never read");
        assertNull(PayloadRoot.of("a string"));
        assertNull(PayloadRoot.of(null));
        assertNull(PayloadRoot.of(parse("<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body/>"
                + "</S:Envelope>")), "an empty body");
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
