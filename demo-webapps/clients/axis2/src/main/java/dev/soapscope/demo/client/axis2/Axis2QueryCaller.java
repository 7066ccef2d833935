package dev.soapscope.demo.client.axis2;

import java.io.IOException;
import java.net.URI;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axis2.AxisFault;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * {@code query} on the CXF service through Axis2's {@link org.apache.axis2.client.ServiceClient} ({@link Axis2Calls}):
 * the JAX-WS wrapper's argument unqualified, the answer's {@code requestID} read.
 */
public final class Axis2QueryCaller implements QueryCaller {

    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(QueryService.NS, "q");

    private final Axis2Calls calls;

    public Axis2QueryCaller(URI address) throws AxisFault {
        this.calls = new Axis2Calls(address, 60_000);
    }

    @Override
    public String query(String text) throws IOException {
        OMElement query = OM.createOMElement("query", NS);
        OM.createOMElement("query", null, query).setText(text);
        return calls.call(query, "requestID", OMElement::getText);
    }

    @Override
    public void close() {
        calls.close();
    }
}
