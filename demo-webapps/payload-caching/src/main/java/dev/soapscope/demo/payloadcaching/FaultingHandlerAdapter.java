package dev.soapscope.demo.payloadcaching;

import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.servlet.ModelAndView;
import org.springframework.ws.InvalidXmlException;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapMessageCreationException;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

/**
 * Answers a request whose envelope cannot be parsed with a SOAP fault and HTTP 500, the same for all three factories.
 * Spring-WS alone answers an empty 400 for SAAJ (InvalidXmlException) and lets AxiomSoapMessageCreationException
 * escape to the container (an HTML error page). A payload that breaks later, while it is read during dispatch (Axiom
 * parses lazily), already becomes a fault through the endpoint exception resolvers.
 */
public class FaultingHandlerAdapter extends WebServiceMessageReceiverHandlerAdapter {

    @Override
    public ModelAndView handle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws Exception {
        try {
            return super.handle(request, response, handler);
        } catch (SoapMessageCreationException e) {
            sendFault(response, e);
            return null;
        }
    }

    @Override
    protected void handleInvalidXmlException(HttpServletRequest request, HttpServletResponse response, Object handler,
            InvalidXmlException e) throws Exception {
        sendFault(response, e);
    }

    private void sendFault(HttpServletResponse response, Exception e) throws Exception {
        logger.debug("Unparseable SOAP request", e);
        SoapMessage fault = (SoapMessage) getMessageFactory().createWebServiceMessage();
        fault.getSoapBody().addClientOrSenderFault("Could not parse the request: " + e.getMessage(), Locale.ENGLISH);
        response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR); // SOAP 1.1: every fault is a 500
        response.setContentType(fault.getVersion().getContentType() + ";charset=UTF-8");
        fault.writeTo(response.getOutputStream());
    }
}
