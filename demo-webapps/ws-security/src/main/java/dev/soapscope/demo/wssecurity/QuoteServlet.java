package dev.soapscope.demo.wssecurity;

import java.util.HashMap;
import java.util.Map;

import jakarta.servlet.ServletConfig;

import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor;
import org.apache.wss4j.common.ConfigurationConstants;

import dev.soapscope.demo.wssecurity.api.DemoKeys;

/**
 * CXF without Spring, mapped to {@code /services/*}: the quote service twice, both requiring an X.509 signature
 * over the request (responses are not signed).
 *
 * <pre>
 * /services/crypto-cached        WSS4JInInterceptor as configured normally: one Crypto, loaded on first use
 * /services/crypto-per-request   CryptoPerRequestInInterceptor: the key store loaded again for every request
 * </pre>
 */
public class QuoteServlet extends CXFNonSpringServlet {

    private static final long serialVersionUID = 1L;

    /** Read by CXF's SoapActionInInterceptor. */
    static final String ALLOW_ANY_SOAP_ACTION = "allowNonMatchingToDefaultSoapAction";

    @Override
    protected void loadBus(ServletConfig config) {
        super.loadBus(config); // a bus of our own
        publish("/crypto-cached", new WSS4JInInterceptor(signatureRequired()));
        publish("/crypto-per-request", new CryptoPerRequestInInterceptor(signatureRequired(), DemoKeys.SERVICE_CRYPTO));
    }

    /** Every request must carry a signature that the service's trust store verifies; nothing else is asked. */
    private static Map<String, Object> signatureRequired() {
        Map<String, Object> config = new HashMap<>();
        config.put(ConfigurationConstants.ACTION, ConfigurationConstants.SIGNATURE);
        config.put(ConfigurationConstants.SIG_VER_PROP_FILE, DemoKeys.SERVICE_CRYPTO);
        return config;
    }

    /** Publishes on this servlet's bus; the address is relative to the servlet's mapping. */
    private void publish(String address, Interceptor<? extends Message> security) {
        // CXF's EndpointImpl rather than Endpoint.publish: that one would use whatever bus is the thread's default
        EndpointImpl endpoint = new EndpointImpl(getBus(), new QuoteServiceImpl());
        // The operation declares no SOAPAction; load drivers label requests with one (the agent names operations
        // by it): accept it and dispatch on the body's element.
        endpoint.setProperties(new HashMap<>(Map.of(ALLOW_ANY_SOAP_ACTION, Boolean.TRUE)));
        endpoint.getInInterceptors().add(security);
        endpoint.publish(address);
    }
}
