package dev.soapscope.testkit;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.helpers.DefaultHandler;

/**
 * SOAP 1.1 requests and response checks for the test services: request {@code <echo xmlns="urn:soapscope:test">
 * <text>TEXT</text></echo>}, response {@code <echoResponse xmlns="urn:soapscope:test"><text>TEXT</text>
 * </echoResponse>}. Runs in the test JVM only.
 */
public final class Soap {

    public static final String NS = "urn:soapscope:test";
    public static final String SOAP11_ENVELOPE_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    public static final String SOAP12_ENVELOPE_NS = "http://www.w3.org/2003/05/soap-envelope";
    public static final String CONTENT_TYPE = "text/xml; charset=utf-8";

    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11_ENVELOPE_NS + "\"><soapenv:Header/><soapenv:Body>"
            + "<echo xmlns=\"" + NS + "\"><text>";
    private static final String TAIL = "</text></echo></soapenv:Body></soapenv:Envelope>";

    private Soap() {
    }

    /** The echo request envelope carrying {@code text}. */
    public static String echoRequest(String text) {
        return HEAD + escape(text) + TAIL;
    }

    /** The echo request for {@code paddedText(text, envelopeBytes)}: exactly {@code envelopeBytes} bytes in UTF-8. */
    public static String echoRequest(String text, int envelopeBytes) {
        return echoRequest(paddedText(text, envelopeBytes));
    }

    /**
     * {@code text} followed by as many {@code 'x'} as make its echo request exactly {@code envelopeBytes} long in
     * UTF-8: the text a service will echo for {@link #echoRequest(String, int)}.
     */
    public static String paddedText(String text, int envelopeBytes) {
        int size = utf8Length(echoRequest(text));
        if (envelopeBytes < size) {
            throw new IllegalArgumentException("an echo request with this text has at least " + size
                    + " bytes, asked for " + envelopeBytes);
        }
        return text + "x".repeat(envelopeBytes - size);
    }

    /** UTF-8 length of {@code s}. */
    public static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Text of a SOAP envelope's payload: of the first body element's first child element ({@code echoResponse/text}),
     * or of the first body element itself if it has no child element.
     *
     * @throws AssertionError if {@code body} is not a SOAP envelope, has an empty body or is a fault
     */
    public static String payloadText(String body) {
        Element payload = firstChildElement(soapBody(body));
        if (payload == null) {
            throw new AssertionError("the SOAP body is empty: " + abbreviate(body));
        }
        if (isFaultElement(payload)) {
            throw new AssertionError("a SOAP fault, not a payload: " + abbreviate(body));
        }
        Element text = firstChildElement(payload);
        return (text != null ? text : payload).getTextContent();
    }

    /** Checks that {@code body} is a SOAP envelope (not a fault) whose payload text is {@code expectedText}. */
    public static void assertEnvelopeWithText(String body, String expectedText) {
        String actual = payloadText(body);
        if (!actual.equals(expectedText)) {
            throw new AssertionError("SOAP payload text differs\nexpected: " + abbreviate(expectedText)
                    + "\nactual:   " + abbreviate(actual) + "\nbody: " + abbreviate(body));
        }
    }

    /** True if {@code body} is a SOAP envelope whose body holds a fault. */
    public static boolean isFault(String body) {
        Element first = firstChildElement(soapBody(body));
        return first != null && isFaultElement(first);
    }

    private static Element soapBody(String body) {
        Document document = parse(body);
        Element envelope = document.getDocumentElement();
        String ns = envelope.getNamespaceURI();
        if (!"Envelope".equals(envelope.getLocalName())
                || !(SOAP11_ENVELOPE_NS.equals(ns) || SOAP12_ENVELOPE_NS.equals(ns))) {
            throw new AssertionError("not a SOAP envelope: " + abbreviate(body));
        }
        for (Node n = envelope.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && "Body".equals(n.getLocalName()) && ns.equals(n.getNamespaceURI())) {
                return (Element) n;
            }
        }
        throw new AssertionError("a SOAP envelope without a Body: " + abbreviate(body));
    }

    private static boolean isFaultElement(Element element) {
        return "Fault".equals(element.getLocalName())
                && (SOAP11_ENVELOPE_NS.equals(element.getNamespaceURI())
                        || SOAP12_ENVELOPE_NS.equals(element.getNamespaceURI()));
    }

    private static Element firstChildElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                return (Element) n;
            }
        }
        return null;
    }

    private static Document parse(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // DefaultHandler rethrows fatal errors and prints nothing (the JDK's default prints "[Fatal Error]")
            builder.setErrorHandler(new DefaultHandler());
            return builder.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not XML (" + e.getMessage() + "): " + abbreviate(xml), e);
        }
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '\r': out.append("&#13;"); break; // a raw CR would be normalised away by the parser
                default: out.append(c);
            }
        }
        return out.toString();
    }

    private static String abbreviate(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "... (" + s.length() + " chars)";
    }
}
