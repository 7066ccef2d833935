package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Tuple;

/** One way of running a query and fetching its tuples: CXF JAX-WS (base64 or MTOM) or the JAX-RS stream. */
public interface QueryClient extends AutoCloseable {

    /** Starts a query; returns its request id. One HTTP request. */
    String start(String queryText) throws IOException;

    /**
     * Fetches the next batch of at most {@code tuples}, hands each tuple to {@code sink} (which may throw) and returns
     * how many there were; 0 once the query is exhausted. One HTTP request.
     */
    int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException;

    /** The SOAPAction header every following request carries (the agent names the operation by it). */
    void label(String soapAction);

    @Override
    void close();
}
