package dev.soapscope.demo.client.axis2;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;


import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * {@code query} through Axis2's {@link ServiceClient} built without a ConfigurationContext (so it reads Axis2's
 * default axis2.xml), an AXIOM payload sent with {@code sendReceive}, the transport cleaned up after each call as
 * Axis2's documentation asks.
 */
public final class Axis2QueryCaller implements QueryCaller {

    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(QueryService.NS, "q");

    private final ServiceClient client;

    public Axis2QueryCaller(URI address) throws AxisFault {
        this.client = new ServiceClient();
        Options options = client.getOptions();
        options.setTo(new EndpointReference(address.toString()));
        options.setAction("");
        options.setTimeOutInMilliSeconds(60_000);
    }

    @Override
    public String query(String text) throws IOException {
        OMElement query = OM.createOMElement("query", NS);
        OM.createOMElement("query", null, query).setText(text);
        try {
            OMElement answer = client.sendReceive(query);
            for (Iterator<OMElement> it = answer.getChildElements(); it.hasNext(); ) {
                OMElement child = it.next();
                if (child.getLocalName().equals("requestID")) {
                    return child.getText();
                }
            }
            throw new IOException("no requestID in the answer: " + answer);
        } catch (AxisFault e) {
            throw new IOException(e.toString(), e);
        } finally {
            try {
                client.cleanupTransport();
            } catch (AxisFault e) {
                // the next call opens what it needs
            }
        }
    }

    @Override
    public void close() {
        try {
            client.cleanup();
        } catch (AxisFault e) {
            // closing anyway
        }
    }
}
