package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.net.URI;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.QueryFetcher;
import dev.soapscope.demo.mtom.api.Tuple;

/**
 * The query through a stack's own client from its client kit (a {@link QueryFetcher}: Axis2's ServiceClient, Axis
 * 1.4's Call), found by class name on the client JVM's class path; each batch decoded tuple by tuple.
 */
final class FetcherQueryClient implements QueryClient {

    private final QueryFetcher fetcher;

    private FetcherQueryClient(QueryFetcher fetcher) {
        this.fetcher = fetcher;
    }

    /** The client of {@code className} for {@code address}, or null when the class path has no such class. */
    static QueryClient of(String className, URI address) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            return null;
        }
        try {
            return new FetcherQueryClient((QueryFetcher) type.getConstructor(URI.class).newInstance(address));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + className + ": " + e.getCause(), e);
        }
    }

    @Override
    public String start(String queryText) throws IOException {
        return fetcher.query(queryText);
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        return CxfQueryClient.read(fetcher.getNTuples(tuples, requestId), sink);
    }

    @Override
    public void label(String soapAction) {
        fetcher.soapAction(soapAction);
    }

    @Override
    public void close() {
        fetcher.close();
    }
}
