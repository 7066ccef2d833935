package dev.soapscope.demo.javaxecho;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * SOAP 1.1 echo on plain javax.servlet: request {@code <echo xmlns="urn:soapscope:test"><text>T</text></echo>},
 * response {@code <echoResponse xmlns="urn:soapscope:test"><text>T</text></echoResponse>}; anything else is a
 * {@code soapenv:Client} fault with status 500.
 *
 * <p>The request is parsed with the JDK's DOM parser straight from the request stream (there is no SAAJ in the JDK
 * since 11); the response is written by hand. With the init parameter {@code factoryPerRequest=true} the servlet
 * creates a {@link DocumentBuilderFactory} for every request instead of once.
 */
public class EchoServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    static final String NS = "urn:soapscope:test";
    static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11_NS + "\"><soapenv:Body>";
    private static final String TAIL = "</soapenv:Body></soapenv:Envelope>";

    private transient DocumentBuilderFactory sharedFactory;
    private boolean factoryPerRequest;

    @Override
    public void init() throws ServletException {
        factoryPerRequest = Boolean.parseBoolean(getInitParameter("factoryPerRequest"));
        if (!factoryPerRequest) {
            sharedFactory = newFactory();
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        String text;
        try {
            text = echoText(parse(request.getInputStream()));
        } catch (SAXException | IllegalArgumentException e) {
            send(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, fault(String.valueOf(e.getMessage())));
            return;
        }
        send(response, HttpServletResponse.SC_OK, HEAD + "<echoResponse xmlns=\"" + NS + "\"><text>" + escape(text)
                + "</text></echoResponse>" + TAIL);
    }

    private Document parse(InputStream in) throws IOException, SAXException, ServletException {
        DocumentBuilderFactory factory = factoryPerRequest ? newFactory() : sharedFactory;
        DocumentBuilder builder;
        try {
            // a DocumentBuilder is not thread-safe: one per request, from the (thread-safe to use) factory
            builder = factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new ServletException(e);
        }
        builder.setErrorHandler(new DefaultHandler()); // rethrows fatal errors, prints nothing
        return builder.parse(in);
    }

    private static DocumentBuilderFactory newFactory() throws ServletException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (ParserConfigurationException e) {
            throw new ServletException(e);
        }
        return factory;
    }

    /** The text of {@code Envelope/Body/echo/text}. */
    static String echoText(Document document) {
        Element envelope = document.getDocumentElement();
        if (!SOAP11_NS.equals(envelope.getNamespaceURI()) || !"Envelope".equals(envelope.getLocalName())) {
            throw new IllegalArgumentException("not a SOAP 1.1 envelope");
        }
        Element body = child(envelope, SOAP11_NS, "Body");
        Element echo = body == null ? null : child(body, NS, "echo");
        Element text = echo == null ? null : child(echo, NS, "text");
        if (text == null) {
            throw new IllegalArgumentException("expected Body/{" + NS + "}echo/text");
        }
        return text.getTextContent();
    }

    private static Element child(Element parent, String ns, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && localName.equals(n.getLocalName()) && ns.equals(n.getNamespaceURI())) {
                return (Element) n;
            }
        }
        return null;
    }

    private static String fault(String reason) {
        return HEAD + "<soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>" + escape(reason)
                + "</faultstring></soapenv:Fault>" + TAIL;
    }

    /** One write with the length known up front. */
    private static void send(HttpServletResponse response, int status, String xml) throws IOException {
        byte[] body = xml.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/xml; charset=utf-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '\r': out.append("&#13;"); break;
                default: out.append(c);
            }
        }
        return out.toString();
    }
}
