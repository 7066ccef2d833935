package dev.soapscope.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The side-by-side part's minimal servlet app: a SOAP 1.1 echo on plain Jakarta Servlet, no framework. It parses the
 * request (about 2 KB) with the JDK's DOM parser from one factory kept for the servlet's life and writes the echo by
 * hand: a cheap request (a fraction of a millisecond), where what an agent adds per request weighs most. Request
 * {@code <echo xmlns="urn:soapscope:bench"><text>T</text></echo>}, response {@code <echoResponse ...><text>T</text>}.
 * Lives in the benchmarks jar only as bytes: {@link MinimalWar} copies its class file into a WAR.
 */
public class MinimalSoapServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    public static final String NS = "urn:soapscope:bench";
    private static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11_NS + "\"><soapenv:Body>";
    private static final String TAIL = "</soapenv:Body></soapenv:Envelope>";

    private transient DocumentBuilderFactory factory;

    @Override
    public void init() throws ServletException {
        factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (ParserConfigurationException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        String text;
        try {
            text = text(parse(request.getInputStream()));
        } catch (SAXException e) {
            send(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, HEAD + "<soapenv:Fault><faultcode>soapenv:Client"
                    + "</faultcode><faultstring>not well-formed</faultstring></soapenv:Fault>" + TAIL);
            return;
        }
        if (text == null) {
            send(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, HEAD + "<soapenv:Fault><faultcode>soapenv:Client"
                    + "</faultcode><faultstring>expected Body/echo/text</faultstring></soapenv:Fault>" + TAIL);
            return;
        }
        send(response, HttpServletResponse.SC_OK, HEAD + "<echoResponse xmlns=\"" + NS + "\"><text>" + text
                + "</text></echoResponse>" + TAIL);
    }

    private Document parse(InputStream in) throws IOException, SAXException, ServletException {
        DocumentBuilder builder;
        try {
            builder = factory.newDocumentBuilder(); // not thread-safe: one per request, from the shared factory
        } catch (ParserConfigurationException e) {
            throw new ServletException(e);
        }
        builder.setErrorHandler(new DefaultHandler()); // rethrows fatal errors, prints nothing
        return builder.parse(in);
    }

    /** The text of {@code Envelope/Body/echo/text}, or null. The requests' text is letters and digits only. */
    private static String text(Document document) {
        Element body = child(document.getDocumentElement(), SOAP11_NS, "Body");
        Element echo = body == null ? null : child(body, NS, "echo");
        Element text = echo == null ? null : child(echo, NS, "text");
        return text == null ? null : text.getTextContent();
    }

    private static Element child(Element parent, String ns, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && localName.equals(n.getLocalName()) && ns.equals(n.getNamespaceURI())) {
                return (Element) n;
            }
        }
        return null;
    }

    private static void send(HttpServletResponse response, int status, String xml) throws IOException {
        byte[] body = xml.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/xml;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
