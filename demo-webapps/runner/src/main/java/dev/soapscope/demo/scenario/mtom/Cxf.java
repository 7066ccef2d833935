package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.soap.SOAPBinding;
import jakarta.xml.ws.soap.SOAPFaultException;

import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/** CXF JAX-WS client proxies for the mtom-api interfaces, as the mtom WAR's own tests make them. */
final class Cxf {

    /** Kept: JUL holds loggers weakly, and a collected logger forgets its level. */
    private static final Logger CXF_LOG = Logger.getLogger("org.apache.cxf");

    static {
        // no "Creating Service ..." line per proxy, and no WARNING for a failed call: the runner reports those itself,
        // where CXF's line repeats the whole answer (a heap-ladder rung's HTML 500 page with its stack trace)
        CXF_LOG.setLevel(Level.SEVERE);
    }

    private static final long RECEIVE_TIMEOUT_MS = 180_000;

    private Cxf() {
    }

    /** A proxy of {@code type} for {@code address}, with MTOM on or off on the client side. */
    static <T> T proxy(Class<T> type, URI address, boolean mtom) {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(type);
        factory.setAddress(address.toString());
        T proxy = type.cast(factory.create());
        ((SOAPBinding) ((BindingProvider) proxy).getBinding()).setMTOMEnabled(mtom);
        HTTPConduit conduit = (HTTPConduit) ClientProxy.getClient(proxy).getConduit();
        HTTPClientPolicy policy = conduit.getClient();
        policy.setConnectionTimeout(10_000);
        policy.setReceiveTimeout(RECEIVE_TIMEOUT_MS); // a 12 MB base64 echo on a slow machine
        return proxy;
    }

    /**
     * Every following request of the proxy carries {@code SOAPAction: "soapAction"}: the endpoints accept any
     * (allowNonMatchingToDefaultSoapAction) and the agent names the operation by it.
     */
    static void label(Object proxy, String soapAction) {
        Map<String, Object> request = ((BindingProvider) proxy).getRequestContext();
        request.put(BindingProvider.SOAPACTION_USE_PROPERTY, Boolean.TRUE);
        request.put(BindingProvider.SOAPACTION_URI_PROPERTY, soapAction);
    }

    static void close(Object proxy) {
        try {
            Client client = ClientProxy.getClient(proxy);
            client.destroy();
        } catch (RuntimeException e) {
            // closing anyway
        }
    }

    /** A SOAP fault or a transport failure as the IOException the clients throw: CXF's message, and its root cause. */
    static IOException failure(WebServiceException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
            message += (message.isEmpty() ? "" : ": ") + root.getClass().getSimpleName() + ": " + root.getMessage();
        }
        return new IOException((e instanceof SOAPFaultException ? "SOAP fault: " : "") + message, e);
    }
}
