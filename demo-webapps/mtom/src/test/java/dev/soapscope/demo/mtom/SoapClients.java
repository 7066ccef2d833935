package dev.soapscope.demo.mtom;

import java.net.URI;
import java.util.List;
import java.util.Map;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.soap.SOAPBinding;

import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/** Real CXF JAX-WS client proxies for the mtom-api interfaces. */
final class SoapClients {

    private SoapClients() {
    }

    /** A proxy of {@code type} for {@code address}, with MTOM on or off on the client side. */
    static <T> T proxy(Class<T> type, URI address, boolean mtom) {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(type);
        factory.setAddress(address.toString());
        factory.getOutInterceptors().add(new RequestContentType());
        T proxy = type.cast(factory.create());
        ((SOAPBinding) ((BindingProvider) proxy).getBinding()).setMTOMEnabled(mtom);
        return proxy;
    }

    /**
     * The Content-Type of the last request the proxy sent, as CXF chose it (MTOM: multipart/related, set by the
     * AttachmentOutInterceptor in PRE_STREAM; read here in WRITE).
     */
    static String requestContentType(Object proxy) {
        Client client = ClientProxy.getClient(proxy);
        RequestContentType recorder = client.getOutInterceptors().stream()
                .filter(RequestContentType.class::isInstance).map(RequestContentType.class::cast).findFirst()
                .orElseGet(() -> {
                    throw new AssertionError("the proxy records no request Content-Type");
                });
        return recorder.last;
    }

    /** Records the Content-Type of each request. */
    private static final class RequestContentType extends AbstractPhaseInterceptor<Message> {
        volatile String last;

        RequestContentType() {
            super(Phase.WRITE);
        }

        @Override
        public void handleMessage(Message message) {
            last = String.valueOf(message.get(Message.CONTENT_TYPE));
        }
    }

    /** The Content-Type of the last response the proxy received, as the server sent it. */
    static String responseContentType(Object proxy) {
        Map<String, Object> context = ((BindingProvider) proxy).getResponseContext();
        @SuppressWarnings("unchecked")
        Map<String, List<String>> headers = (Map<String, List<String>>) context.get(MessageContext.HTTP_RESPONSE_HEADERS);
        if (headers != null) {
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                if ("Content-Type".equalsIgnoreCase(header.getKey()) && !header.getValue().isEmpty()) {
                    return header.getValue().get(0);
                }
            }
        }
        Object contentType = context.get("Content-Type"); // org.apache.cxf.message.Message.CONTENT_TYPE
        if (contentType == null) {
            throw new AssertionError("no Content-Type in the response context: " + context.keySet());
        }
        return contentType.toString();
    }
}
