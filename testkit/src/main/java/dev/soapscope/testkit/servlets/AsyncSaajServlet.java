package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.io.InputStream;

import javax.xml.namespace.QName;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.MimeHeaders;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;

/**
 * A SOAP echo that answers asynchronously, as servlets in front of slow back ends do: {@code service()} only starts
 * async and returns; the work is done on a container thread. With {@code ?mode=start} (the default) a task given to
 * {@code AsyncContext.start} reads the request, parses it with SAAJ, writes the answer and calls {@code complete()};
 * with {@code ?mode=dispatch} the task dispatches the request back, and the ASYNC dispatch does that work in
 * {@code service()}, the container completing it when it returns; with {@code ?mode=never} nothing answers it: the
 * container times it out after 300 ms (a client that went away, a back end that never answered).
 */
public class AsyncSaajServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private transient MessageFactory factory;

    @Override
    public void init() throws ServletException {
        try {
            factory = MessageFactory.newInstance();
        } catch (SOAPException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getDispatcherType() == jakarta.servlet.DispatcherType.ASYNC) {
            echo(request, response);
            return;
        }
        AsyncContext async = request.startAsync();
        if ("never".equals(request.getParameter("mode"))) {
            async.setTimeout(300);
            return;
        }
        boolean dispatch = "dispatch".equals(request.getParameter("mode"));
        async.start(() -> {
            if (dispatch) {
                async.dispatch();
                return;
            }
            try {
                echo((HttpServletRequest) async.getRequest(), (HttpServletResponse) async.getResponse());
            } catch (IOException | RuntimeException e) {
                ((HttpServletResponse) async.getResponse()).setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
            } finally {
                async.complete();
            }
        });
    }

    private void echo(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try (InputStream in = request.getInputStream()) {
            MimeHeaders headers = new MimeHeaders();
            headers.addHeader("Content-Type", request.getContentType());
            SOAPMessage message = factory.createMessage(headers, in);
            String text = message.getSOAPBody().getTextContent().trim();
            SOAPMessage reply = factory.createMessage();
            reply.getSOAPBody().addBodyElement(new QName(SaajFactoryPerRequestServlet.NS, "echoResponse", ""))
                    .addChildElement(new QName(SaajFactoryPerRequestServlet.NS, "text", "")).addTextNode(text);
            reply.saveChanges();
            response.setContentType(SoapResponses.CONTENT_TYPE);
            reply.writeTo(response.getOutputStream());
        } catch (SOAPException e) {
            throw new IOException(e);
        }
    }
}
