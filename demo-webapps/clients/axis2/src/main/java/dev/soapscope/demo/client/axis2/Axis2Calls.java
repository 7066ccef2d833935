package dev.soapscope.demo.client.axis2;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;

import org.apache.axiom.om.OMElement;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;

/**
 * One Axis2 {@link ServiceClient}, built without a ConfigurationContext (so it reads Axis2's default axis2.xml), and
 * its calls: an AXIOM payload sent with {@code sendReceive}, one child of the answer read, and the transport cleaned
 * up after each call as Axis2's documentation asks.
 */
final class Axis2Calls implements AutoCloseable {

    /** Reads a value from the answer's element. */
    interface Read<T> {
        T from(OMElement value) throws IOException;
    }

    private final ServiceClient client;

    Axis2Calls(URI address, long timeoutMs) throws AxisFault {
        this.client = new ServiceClient();
        Options options = client.getOptions();
        options.setTo(new EndpointReference(address.toString()));
        options.setAction("");
        options.setTimeOutInMilliSeconds(timeoutMs);
    }

    void soapAction(String action) {
        client.getOptions().setAction(action == null ? "" : action);
    }

    /** Sends {@code payload} and reads the answer's child {@code child} before the transport is cleaned up. */
    <T> T call(OMElement payload, String child, Read<T> read) throws IOException {
        try {
            OMElement answer = client.sendReceive(payload);
            for (Iterator<OMElement> it = answer.getChildElements(); it.hasNext(); ) {
                OMElement e = it.next();
                if (e.getLocalName().equals(child)) {
                    return read.from(e);
                }
            }
            throw new IOException("no " + child + " element in the answer: " + answer);
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
