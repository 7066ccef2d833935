package dev.soapscope.testkit.servlets;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A well-behaved SOAP echo with no hot spots, the control case: the StAX factory is created once, the body is read in
 * bulk, the response is one write. Per request it calls no {@code *Factory.newInstance}, no {@code Pattern.compile},
 * no {@code UUID.randomUUID} and no single-byte {@code read()}.
 */
public class CachedStaxServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private static final XMLInputFactory XML_INPUT = newInputFactory();

    private static XMLInputFactory newInputFactory() {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        // one CHARACTERS event per text node, so the first one is the whole text
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = readAll(request.getInputStream(), request.getContentLength());
        String text;
        try {
            text = firstText(body);
        } catch (XMLStreamException e) {
            SoapResponses.send(response, 500, SoapResponses.clientFault("not XML: " + e.getMessage()));
            return;
        }
        SoapResponses.send(response, 200, SoapResponses.payload("echoResponse", "text", text));
    }

    private static byte[] readAll(InputStream in, int contentLength) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(contentLength > 0 ? contentLength : 8192);
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** The first non-blank text node of the document, or "" if there is none. */
    private static String firstText(byte[] xml) throws XMLStreamException {
        XMLStreamReader reader = XML_INPUT.createXMLStreamReader(new ByteArrayInputStream(xml));
        try {
            while (reader.hasNext()) {
                int event = reader.next();
                if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
                        && !reader.isWhiteSpace()) {
                    return reader.getText();
                }
            }
            return "";
        } finally {
            reader.close();
        }
    }
}
