package dev.soapscope.demo.mtom.axis2;

import javax.activation.DataHandler;

import org.apache.axiom.attachments.ByteArrayDataSource;

import dev.soapscope.demo.mtom.api.QueriesService;

/**
 * The query service as an Axis2 POJO for {@code query-mtom}, whose services.xml turns MTOM on. The same operations and
 * bytes (xsd:base64Binary in the WSDL either way), but the batch is returned as a {@link DataHandler}: Axis2's POJO
 * binding writes a {@code byte[]} as base64 text even with MTOM on, and makes only a DataHandler an optimizable
 * binary node, which MTOM sends as an attachment (xop:Include).
 */
public class Axis2MtomQueryService {

    private final QueriesService service = new QueriesService(Axis2Queries.queries());

    /** Starts a query and returns its request id. */
    public String query(String query) {
        return service.query(query);
    }

    /** The next (at most) {@code tuples} tuples of the query, as one batch; empty once it is exhausted. */
    public DataHandler getNTuples(int tuples, String requestID) {
        return new DataHandler(new ByteArrayDataSource(service.getNTuples(tuples, requestID),
                "application/octet-stream"));
    }
}
