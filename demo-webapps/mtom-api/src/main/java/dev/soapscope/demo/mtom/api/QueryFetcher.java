package dev.soapscope.demo.mtom.api;

import java.io.IOException;

/**
 * A stack's client of the whole query, for the transfer scenarios: {@link #query} and then {@link #getNTuples} batch
 * by batch, the batch as the service sent it (inline base64 or an MTOM attachment). An implementation has a public
 * constructor taking the endpoint's {@link java.net.URI}.
 */
public interface QueryFetcher extends QueryCaller {

    /** The next batch of at most {@code tuples}, encoded by {@link TupleCodec#encode}. One SOAP call. */
    byte[] getNTuples(int tuples, String requestId) throws IOException;

    /** The SOAPAction every following call carries. */
    void soapAction(String action);
}
