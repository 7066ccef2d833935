package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.net.URI;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Axis2SoapClient;
import dev.soapscope.demo.mtom.api.QueryFetcher;
import dev.soapscope.demo.mtom.api.Tuple;

/**
 * The query on an Axis2 POJO service through Axis2's own ServiceClient ({@value #AXIS2_FETCHER}, from the axis2
 * client kit) when the class path has it, as in the client JVM; else through {@link Axis2SoapClient} (plain SOAP:
 * Axis2's response names its value {@code return}, which a JAX-WS proxy of the interface cannot read). The batch
 * arrives inline as base64 or, from an MTOM service, as an XOP attachment, then is decoded tuple by tuple.
 */
final class Axis2QueryClient implements QueryClient {

    static final String AXIS2_FETCHER = "dev.soapscope.demo.client.axis2.Axis2QueryFetcher";

    private final QueryFetcher axis2;
    private final Axis2SoapClient plain;

    /** @param address the service, e.g. {@code http://127.0.0.1:8080/mtom-axis2/services/query-mtom} */
    Axis2QueryClient(URI address) {
        this.axis2 = axis2(address);
        this.plain = axis2 == null ? new Axis2SoapClient(address) : null;
    }

    /** Axis2's own client, or null when the axis2 client kit is not on the class path. */
    private static QueryFetcher axis2(URI address) {
        Class<?> type;
        try {
            type = Class.forName(AXIS2_FETCHER);
        } catch (ClassNotFoundException e) {
            return null;
        }
        try {
            return (QueryFetcher) type.getConstructor(URI.class).newInstance(address);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build Axis2's client: " + e.getCause(), e);
        }
    }

    @Override
    public String start(String queryText) throws IOException {
        return axis2 != null ? axis2.query(queryText) : plain.query(queryText);
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        return CxfQueryClient.read(axis2 != null ? axis2.getNTuples(tuples, requestId)
                : plain.getNTuples(tuples, requestId).bytes(), sink);
    }

    @Override
    public void label(String soapAction) {
        if (axis2 != null) {
            axis2.soapAction(soapAction);
        } else {
            plain.soapAction(soapAction);
        }
    }

    @Override
    public void close() {
        if (axis2 != null) {
            axis2.close();
        }
        // java.net.http.HttpClient has no close before Java 21; its threads end once it is unreachable
    }
}
