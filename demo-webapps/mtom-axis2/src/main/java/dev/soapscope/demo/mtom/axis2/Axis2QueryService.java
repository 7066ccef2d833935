package dev.soapscope.demo.mtom.axis2;

import dev.soapscope.demo.mtom.api.QueriesService;

/**
 * The query service as an Axis2 POJO ({@code RPCMessageReceiver}), published as {@code query}: the batch goes out
 * inline as base64 (Axis2's POJO binding writes a {@code byte[]} as base64 text, MTOM or not). Axis2 exposes the
 * methods a POJO declares, so both operations are declared here.
 */
public class Axis2QueryService {

    private final QueriesService service = new QueriesService(Axis2Queries.queries());

    /** Starts a query and returns its request id. */
    public String query(String query) {
        return service.query(query);
    }

    /** The next (at most) {@code tuples} tuples of the query, as one batch; empty once it is exhausted. */
    public byte[] getNTuples(int tuples, String requestID) {
        return service.getNTuples(tuples, requestID);
    }
}
