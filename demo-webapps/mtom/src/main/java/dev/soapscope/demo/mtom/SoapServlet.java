package dev.soapscope.demo.mtom;

import java.util.HashMap;
import java.util.Map;

import jakarta.servlet.ServletConfig;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.soap.SOAPBinding;

import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;

import dev.soapscope.demo.mtom.api.Queries;

/**
 * CXF without Spring, mapped to {@code /services/*}: the query service and the echo service, each once with inline
 * base64 and once with MTOM.
 *
 * <pre>
 * /services/query        QueryService, base64      /services/echo         MtomEcho, base64
 * /services/query-mtom   QueryService, MTOM        /services/echo-mtom    MtomEcho, MTOM
 * </pre>
 */
public class SoapServlet extends CXFNonSpringServlet {

    private static final long serialVersionUID = 1L;

    /** Read by CXF's SoapActionInInterceptor. */
    static final String ALLOW_ANY_SOAP_ACTION = "allowNonMatchingToDefaultSoapAction";

    private final transient Queries queries;

    public SoapServlet(Queries queries) {
        this.queries = queries;
    }

    @Override
    protected void loadBus(ServletConfig config) {
        super.loadBus(config); // a bus of our own
        publish("/query", new QueryServiceImpl(queries), false);
        publish("/query-mtom", new QueryServiceImpl(queries), true);
        publish("/echo", new MtomEchoImpl(), false);
        publish("/echo-mtom", new MtomEchoImpl(), true);
    }

    /** Publishes on this servlet's bus; the address is relative to the servlet's mapping. */
    private void publish(String address, Object implementor, boolean mtom) {
        // CXF's EndpointImpl rather than Endpoint.publish: that one would use whatever bus is the thread's default
        Endpoint endpoint = new EndpointImpl(getBus(), implementor);
        // The operations declare no SOAPAction; CXF would answer any other non-empty SOAPAction with a fault ("does
        // not match an operation"). Load drivers label their requests with one (the agent names operations by it):
        // accept it and dispatch on the body's element.
        endpoint.setProperties(new HashMap<>(Map.of(ALLOW_ANY_SOAP_ACTION, Boolean.TRUE)));
        endpoint.publish(address);
        ((SOAPBinding) endpoint.getBinding()).setMTOMEnabled(mtom);
    }
}
