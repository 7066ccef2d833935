package dev.soapscope.demo.mtom.api;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.xml.bind.annotation.XmlMimeType;

/**
 * A query whose result is fetched in batches of tuples, the classic binary-transfer benchmark: the same bytes go out
 * as inline base64 ({@code /services/query}) or as an MTOM attachment ({@code /services/query-mtom}).
 *
 * <p>The query text is free and does not change the tuples: tuple {@code i} of every query is
 * {@link Tuples#generate(int) Tuples.generate(i)}. A query yields {@value Tuples#PER_QUERY} tuples, or only the first
 * {@code N} when its text ends in {@code limit N} (see {@link Tuples#limitOf(String)}).
 */
@WebService(name = "QueryService", targetNamespace = QueryService.NS)
public interface QueryService {

    String NS = "urn:soapscope:demo:query";

    /** Starts a query and returns its request id, for {@link #getNTuples}. */
    @WebMethod
    @WebResult(name = "requestID")
    String query(@WebParam(name = "query") String query);

    /**
     * The next (at most) {@code tuples} tuples of the query, encoded by {@link TupleCodec#encode}; an empty array once
     * the query is exhausted. Fewer than {@code tuples} come back only at the end of the query.
     *
     * <p>{@code xsd:base64Binary}; {@link XmlMimeType} lets MTOM send it as an attachment.
     */
    @WebMethod
    @WebResult(name = "tuples")
    @XmlMimeType("application/octet-stream")
    byte[] getNTuples(@WebParam(name = "tuples") int tuples, @WebParam(name = "requestID") String requestID);
}
