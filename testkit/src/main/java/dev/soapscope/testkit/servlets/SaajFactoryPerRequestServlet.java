package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.util.Iterator;

import javax.xml.namespace.QName;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.MimeHeaders;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;

/**
 * A SOAP echo on the SAAJ reference implementation that creates a {@link MessageFactory} on every request, on purpose:
 * that per-request factory is the hot spot the integration tests expect soapscope to report.
 */
public class SaajFactoryPerRequestServlet extends HttpServlet {

    /** SAAJ from the test kit, even beside a webapp with its own ({@link OwnSaaj}). */
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        OwnSaaj.run(getClass(), () -> super.service(request, response));
    }

    private static final long serialVersionUID = 1L;

    static final String NS = SoapResponses.NS;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        SOAPMessage reply;
        int status;
        try {
            MessageFactory factory = MessageFactory.newInstance(); // per request ON PURPOSE: the hot spot under test
            SOAPMessage message = factory.createMessage(mimeHeaders(request), request.getInputStream());
            reply = echoResponse(factory, textOf(message.getSOAPBody()));
            status = HttpServletResponse.SC_OK;
        } catch (SOAPException | RuntimeException e) {
            reply = fault(e);
            status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
        }
        response.setStatus(status);
        response.setContentType(SoapResponses.CONTENT_TYPE);
        try {
            reply.writeTo(response.getOutputStream());
        } catch (SOAPException e) {
            throw new IOException("cannot write the SOAP response", e);
        }
    }

    private static MimeHeaders mimeHeaders(HttpServletRequest request) {
        MimeHeaders headers = new MimeHeaders();
        String contentType = request.getContentType();
        if (contentType != null) {
            headers.addHeader("Content-Type", contentType);
        }
        String action = request.getHeader("SOAPAction");
        if (action != null) {
            headers.addHeader("SOAPAction", action);
        }
        return headers;
    }

    /** Text of the body's first element: of its first child element if it has one (echo/text), else its own. */
    private static String textOf(SOAPBody body) throws SOAPException {
        if (body.hasFault()) {
            throw new SOAPException("the request is a fault");
        }
        SOAPElement payload = firstChildElement(body);
        if (payload == null) {
            throw new SOAPException("the SOAP body is empty");
        }
        SOAPElement text = firstChildElement(payload);
        return (text != null ? text : payload).getTextContent();
    }

    private static SOAPElement firstChildElement(SOAPElement parent) {
        Iterator<?> children = parent.getChildElements();
        while (children.hasNext()) {
            Object child = children.next();
            if (child instanceof SOAPElement) {
                return (SOAPElement) child;
            }
        }
        return null;
    }

    private static SOAPMessage echoResponse(MessageFactory factory, String text) throws SOAPException {
        SOAPMessage reply = factory.createMessage();
        reply.getSOAPBody()
                .addBodyElement(new QName(NS, "echoResponse", ""))
                .addChildElement(new QName(NS, "text", ""))
                .addTextNode(text);
        reply.saveChanges();
        return reply;
    }

    private static SOAPMessage fault(Exception cause) throws IOException {
        try {
            SOAPMessage reply = MessageFactory.newInstance(SOAPConstants.SOAP_1_1_PROTOCOL).createMessage();
            reply.getSOAPBody().addFault(new QName(SOAPConstants.URI_NS_SOAP_1_1_ENVELOPE, "Client"),
                    String.valueOf(cause.getMessage()));
            reply.saveChanges();
            return reply;
        } catch (SOAPException e) {
            throw new IOException("cannot build a SOAP fault for: " + cause, e);
        }
    }
}
