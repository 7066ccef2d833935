package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.net.URL;

import javax.xml.namespace.QName;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPConnection;
import jakarta.xml.soap.SOAPConnectionFactory;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;

/**
 * A service that calls another one while it serves a request, as gateways and orchestrating services do: each POST
 * makes {@code calls} SAAJ calls (the {@code calls} query parameter, 1 by default) to the echo at {@code /echo} of the
 * same server, through one {@link SOAPConnection} built once, and answers with the last echo's text. The request's
 * time in those calls is its {@code downstream}; the calls' own breakdown is the client's.
 */
public class DownstreamCallingServlet extends HttpServlet {

    /** SAAJ from the test kit, even beside a webapp with its own ({@link OwnSaaj}). */
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        OwnSaaj.run(getClass(), () -> super.service(request, response));
    }

    private static final long serialVersionUID = 1L;

    private transient SOAPConnection connection;
    private transient MessageFactory factory;

    @Override
    public void init() throws ServletException {
        try {
            OwnSaaj.run(getClass(), () -> {
                try {
                    connection = SOAPConnectionFactory.newInstance().createConnection();
                    factory = MessageFactory.newInstance();
                } catch (SOAPException e) {
                    throw new ServletException(e);
                }
            });
        } catch (IOException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.getInputStream().readAllBytes();
        String calls = request.getParameter("calls");
        URL echo = new URL("http", "127.0.0.1", request.getLocalPort(), request.getContextPath() + "/echo");
        String text = "";
        try {
            for (int i = 0, n = calls == null ? 1 : Integer.parseInt(calls); i < n; i++) {
                SOAPMessage call = factory.createMessage();
                call.getSOAPBody().addBodyElement(new QName(SaajFactoryPerRequestServlet.NS, "echo", ""))
                        .addChildElement(new QName(SaajFactoryPerRequestServlet.NS, "text", "")).addTextNode("downstream " + i);
                call.saveChanges();
                text = connection.call(call, echo).getSOAPBody().getTextContent();
            }
        } catch (SOAPException e) {
            SoapResponses.send(response, HttpServletResponse.SC_BAD_GATEWAY, SoapResponses.clientFault(String.valueOf(e)));
            return;
        }
        SoapResponses.send(response, HttpServletResponse.SC_OK, SoapResponses.payload("frontResponse", "text", text.trim()));
    }

    @Override
    public void destroy() {
        try {
            connection.close();
        } catch (SOAPException | RuntimeException e) {
            // the server is stopping
        }
    }
}
