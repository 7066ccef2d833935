package dev.soapscope.demo.scenario.orders;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

import dev.soapscope.demo.scenario.ResponseValidator;

/**
 * A response is right when it is HTTP 200 with a SOAP 1.1 envelope whose body holds
 * {@code <ord:orderResponse><ord:orderId/><ord:lineCount/><ord:total/></ord:orderResponse>} with the request's order
 * id, its line count and the sum of quantity times unit price written with exactly two decimals.
 */
public final class OrderResponseValidator implements ResponseValidator<ExpectedOrder> {

    private static final int MAX_REASON = 160;
    private static final ThreadLocal<DocumentBuilder> BUILDERS = ThreadLocal.withInitial(OrderResponseValidator::newBuilder);

    @Override
    public String problem(int status, byte[] body, ExpectedOrder expected) {
        Document document = parse(body);
        String fault = document == null ? null : faultString(document);
        if (status != 200) {
            return "HTTP " + status + (fault != null ? ", SOAP fault: " + fault : "");
        }
        if (document == null) {
            return "the response is not XML";
        }
        Element envelope = document.getDocumentElement();
        if (!is(envelope, OrderRequests.SOAP11_NAMESPACE, "Envelope")) {
            return "the response is not a SOAP 1.1 envelope (root element " + envelope.getTagName() + ")";
        }
        Element soapBody = child(envelope, OrderRequests.SOAP11_NAMESPACE, "Body");
        Element response = soapBody == null ? null : firstElement(soapBody);
        if (fault != null) {
            return "SOAP fault: " + fault;
        }
        if (response == null || !is(response, OrderRequests.NAMESPACE, "orderResponse")) {
            return "no ord:orderResponse in the SOAP body";
        }
        String orderId = text(response, "orderId");
        if (!expected.orderId().equals(orderId)) {
            return "orderId " + orderId + ", expected " + expected.orderId();
        }
        String lineCount = text(response, "lineCount");
        if (!String.valueOf(expected.lineCount()).equals(lineCount)) {
            return "lineCount " + lineCount + ", expected " + expected.lineCount();
        }
        String total = text(response, "total");
        if (!expected.total().toPlainString().equals(total)) {
            return "total " + total + ", expected " + expected.total().toPlainString();
        }
        return null;
    }

    private static Document parse(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        DocumentBuilder builder = BUILDERS.get();
        try {
            return builder.parse(new ByteArrayInputStream(body));
        } catch (SAXException | IOException e) {
            return null;
        } finally {
            builder.reset();
        }
    }

    private static String faultString(Document document) {
        Element envelope = document.getDocumentElement();
        Element soapBody = child(envelope, OrderRequests.SOAP11_NAMESPACE, "Body");
        Element first = soapBody == null ? null : firstElement(soapBody);
        if (first == null || !is(first, OrderRequests.SOAP11_NAMESPACE, "Fault")) {
            return null;
        }
        Element faultString = child(first, null, "faultstring");
        String text = faultString == null ? "(no faultstring)" : faultString.getTextContent().strip();
        return text.length() > MAX_REASON ? text.substring(0, MAX_REASON) + "..." : text;
    }

    /** The text of the child element {@code ord:NAME}, or null. */
    private static String text(Element parent, String name) {
        Element e = child(parent, OrderRequests.NAMESPACE, name);
        return e == null ? null : e.getTextContent().strip();
    }

    private static Element child(Element parent, String namespace, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && is(e, namespace, localName)) {
                return e;
            }
        }
        return null;
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }

    private static boolean is(Element e, String namespace, String localName) {
        String ns = e.getNamespaceURI();
        return localName.equals(e.getLocalName()) && (namespace == null ? ns == null || ns.isEmpty() : namespace.equals(ns));
    }

    private static DocumentBuilder newBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // fatal errors throw; no "[Fatal Error]" lines on stderr
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be configured", e);
        }
    }
}
