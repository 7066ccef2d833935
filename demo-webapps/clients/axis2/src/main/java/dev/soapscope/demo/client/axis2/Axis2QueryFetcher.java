package dev.soapscope.demo.client.axis2;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Base64;

import javax.activation.DataHandler;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.om.OMNode;
import org.apache.axiom.om.OMText;
import org.apache.axis2.AxisFault;

import dev.soapscope.demo.mtom.api.QueryFetcher;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * The query on an Axis2 POJO service through Axis2's own ServiceClient ({@link Axis2Calls}), as an Axis2 application
 * calls it: AXIOM payloads with the arguments in the service's namespace, the value its {@code return} element, inline
 * base64 or an XOP attachment (Axis2 reads the multipart answer and hands the part over as a DataHandler).
 */
public final class Axis2QueryFetcher implements QueryFetcher {

    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(QueryService.NS, "q");

    private final Axis2Calls calls;

    public Axis2QueryFetcher(URI address) throws AxisFault {
        this.calls = new Axis2Calls(address, 180_000);
    }

    @Override
    public void soapAction(String action) {
        calls.soapAction(action);
    }

    @Override
    public String query(String text) throws IOException {
        OMElement query = OM.createOMElement("query", NS);
        OM.createOMElement("query", NS, query).setText(text);
        return calls.call(query, "return", OMElement::getText);
    }

    @Override
    public byte[] getNTuples(int tuples, String requestId) throws IOException {
        OMElement get = OM.createOMElement("getNTuples", NS);
        OM.createOMElement("tuples", NS, get).setText(String.valueOf(tuples));
        OM.createOMElement("requestID", NS, get).setText(requestId);
        return calls.call(get, "return", Axis2QueryFetcher::bytes);
    }

    /** The value as xsd:base64Binary: the attachment's bytes, else the text decoded. */
    private static byte[] bytes(OMElement value) throws IOException {
        OMNode content = value.getFirstOMChild();
        if (content instanceof OMText text && text.isBinary()) {
            DataHandler data = (DataHandler) text.getDataHandler();
            try (InputStream in = data.getInputStream()) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                in.transferTo(bytes);
                return bytes.toByteArray();
            }
        }
        return Base64.getMimeDecoder().decode(value.getText());
    }

    @Override
    public void close() {
        calls.close();
    }
}
