package dev.soapscope.demo.mtom.api;

import java.io.IOException;

/**
 * One SOAP client of {@link QueryService#query}, built on one stack (a JAX-WS port, a SAAJ connection, a Spring-WS
 * template, an Axis2 service client): the runner's client scenarios build one and reuse it for every call, or build one
 * per call, and compare. An implementation has a public constructor taking the endpoint's {@link java.net.URI}.
 */
public interface QueryCaller extends AutoCloseable {

    /** {@code query(text)}: the request id the service answered. One SOAP call. */
    String query(String text) throws IOException;

    /** Releases what the client holds (its connections, its transport); it is not used again. */
    @Override
    void close();
}
