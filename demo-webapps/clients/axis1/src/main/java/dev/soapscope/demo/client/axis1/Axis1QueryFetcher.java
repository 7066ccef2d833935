package dev.soapscope.demo.client.axis1;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.rmi.RemoteException;

import javax.xml.namespace.QName;
import javax.xml.rpc.ParameterMode;
import javax.xml.rpc.ServiceException;

import org.apache.axis.client.Call;
import org.apache.axis.client.Service;
import org.apache.axis.encoding.XMLType;

import dev.soapscope.demo.mtom.api.QueryFetcher;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * The query on the mtom-axis1 WAR's RPC/encoded service through Axis 1.4's own client, as its user guide writes one: a
 * {@link Service} kept, a {@link Call} made for each call, its parameters and return type declared, {@code invoke}.
 * The batch comes back as {@code xsd:base64Binary}, which Axis decodes to a {@code byte[]}.
 */
public final class Axis1QueryFetcher implements QueryFetcher {

    private static final int TIMEOUT_MS = 180_000;

    private final Service service = new Service();
    private final URL address;
    private volatile String soapAction = "";

    public Axis1QueryFetcher(URI address) throws MalformedURLException {
        this.address = address.toURL();
    }

    @Override
    public void soapAction(String action) {
        this.soapAction = action == null ? "" : action;
    }

    @Override
    public String query(String text) throws IOException {
        Call call = call("query");
        call.addParameter("query", XMLType.XSD_STRING, ParameterMode.IN);
        call.setReturnType(XMLType.XSD_STRING);
        return (String) invoke(call, text);
    }

    @Override
    public byte[] getNTuples(int tuples, String requestId) throws IOException {
        Call call = call("getNTuples");
        call.addParameter("tuples", XMLType.XSD_INT, ParameterMode.IN);
        call.addParameter("requestID", XMLType.XSD_STRING, ParameterMode.IN);
        call.setReturnType(XMLType.XSD_BASE64);
        return (byte[]) invoke(call, tuples, requestId);
    }

    private Call call(String operation) throws IOException {
        try {
            Call call = (Call) service.createCall();
            call.setTargetEndpointAddress(address);
            call.setOperationName(new QName(QueryService.NS, operation));
            call.setUseSOAPAction(true);
            call.setSOAPActionURI(soapAction);
            call.setTimeout(TIMEOUT_MS);
            return call;
        } catch (ServiceException e) {
            throw new IOException(e.toString(), e);
        }
    }

    private static Object invoke(Call call, Object... arguments) throws IOException {
        try {
            return call.invoke(arguments);
        } catch (RemoteException e) {
            throw new IOException(e.toString(), e);
        }
    }

    @Override
    public void close() {
        // a Service holds no connection: Axis 1.4's HTTPSender opens one per call
    }
}
