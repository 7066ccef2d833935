package dev.soapscope.recorder;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.lang.reflect.Method;

/**
 * The operation a message or payload a client hands to a stack invokes (a JAX-WS {@code Dispatch}'s argument), named
 * as the stacks name operations: the payload's root element, {@code {namespace}local}. Reads what is already in
 * memory only (a DOM, a SAAJ message, a JAXB element); a stream's content is never read, so a {@code StreamSource}
 * names nothing.
 */
final class PayloadRoot {
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP_12 = "http://www.w3.org/2003/05/soap-envelope";

    private PayloadRoot() {
    }

    /** {@code {namespace}local} of the payload's root element, or null when it cannot be told without reading a stream. */
    static String of(Object payload) throws Exception {
        if (payload == null) {
            return null;
        }
        if (payload instanceof javax.xml.transform.dom.DOMSource) {
            return ofNode(((javax.xml.transform.dom.DOMSource) payload).getNode());
        }
        if (payload instanceof Node) {
            return ofNode((Node) payload);
        }
        // SAAJ's SOAPMessage (javax or jakarta, whichever the application has): its body is a DOM element
        Method body = publicMethod(payload.getClass(), "getSOAPBody");
        if (body != null) {
            return ofNode((Node) body.invoke(payload));
        }
        // a JAXBElement (javax or jakarta) knows its element's name
        Method name = publicMethod(payload.getClass(), "getDeclaredType") != null
                ? publicMethod(payload.getClass(), "getName") : null;
        if (name != null) {
            Object qname = name.invoke(payload);
            return qname instanceof javax.xml.namespace.QName ? qname.toString() : null;
        }
        return null;
    }

    /** A document, an envelope or a body: the first element of the body; another element: itself. */
    private static String ofNode(Node node) {
        Node n = node instanceof org.w3c.dom.Document ? ((org.w3c.dom.Document) node).getDocumentElement() : node;
        if (isSoap(n, "Envelope")) {
            n = firstElement(n);
            while (n != null && !isSoap(n, "Body")) {
                n = nextElement(n);
            }
        }
        if (isSoap(n, "Body")) {
            n = firstElement(n);
        }
        if (!(n instanceof Element)) {
            return null;
        }
        String ns = n.getNamespaceURI();
        String local = n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
        return "{" + (ns == null ? "" : ns) + "}" + local;
    }

    private static boolean isSoap(Node n, String local) {
        return n instanceof Element && local.equals(n.getLocalName())
                && (SOAP_11.equals(n.getNamespaceURI()) || SOAP_12.equals(n.getNamespaceURI()));
    }

    private static Node firstElement(Node parent) {
        Node c = parent.getFirstChild();
        return c == null || c instanceof Element ? c : nextElement(c);
    }

    private static Node nextElement(Node n) {
        Node s = n.getNextSibling();
        while (s != null && !(s instanceof Element)) {
            s = s.getNextSibling();
        }
        return s;
    }

    private static Method publicMethod(Class<?> type, String name) {
        try {
            return type.getMethod(name);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
