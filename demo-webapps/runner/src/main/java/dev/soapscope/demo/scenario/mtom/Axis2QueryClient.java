package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.net.URI;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Axis2SoapClient;
import dev.soapscope.demo.mtom.api.Tuple;

/**
 * The query on an Axis2 POJO service, through {@link Axis2SoapClient} (plain SOAP: Axis2's response names its value
 * {@code return}, which a JAX-WS proxy of the interface cannot read): the batch arrives inline as base64 or, from an
 * MTOM service, as an XOP attachment, then is decoded tuple by tuple.
 */
final class Axis2QueryClient implements QueryClient {

    private final Axis2SoapClient client;

    /** @param address the service, e.g. {@code http://127.0.0.1:8080/mtom-axis2/services/query-mtom} */
    Axis2QueryClient(URI address) {
        this.client = new Axis2SoapClient(address);
    }

    @Override
    public String start(String queryText) throws IOException {
        return client.query(queryText);
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        return CxfQueryClient.read(client.getNTuples(tuples, requestId).bytes(), sink);
    }

    @Override
    public void label(String soapAction) {
        client.soapAction(soapAction);
    }

    @Override
    public void close() {
        // java.net.http.HttpClient has no close before Java 21; its threads end once it is unreachable
    }
}
