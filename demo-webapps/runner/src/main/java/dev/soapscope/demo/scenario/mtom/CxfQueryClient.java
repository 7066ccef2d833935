package dev.soapscope.demo.scenario.mtom;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.util.function.Consumer;

import jakarta.xml.ws.WebServiceException;

import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;

/**
 * {@link QueryService} through a CXF JAX-WS proxy: the batch arrives as one {@code byte[]} (inline base64 or an MTOM
 * attachment, as the endpoint sends it), then is decoded tuple by tuple.
 */
public final class CxfQueryClient implements QueryClient {

    private final QueryService proxy;

    /** @param address the endpoint, e.g. {@code http://127.0.0.1:8080/mtom/services/query-mtom} */
    public CxfQueryClient(URI address, boolean mtom) {
        this.proxy = Cxf.proxy(QueryService.class, address, mtom);
    }

    @Override
    public String start(String queryText) throws IOException {
        try {
            return proxy.query(queryText);
        } catch (WebServiceException e) {
            throw Cxf.failure(e);
        }
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        byte[] batch;
        try {
            batch = proxy.getNTuples(tuples, requestId);
        } catch (WebServiceException e) {
            throw Cxf.failure(e);
        }
        return read(batch, sink);
    }

    /** Decodes a whole batch, handing each tuple to {@code sink}; returns how many. */
    static int read(byte[] batch, Consumer<Tuple> sink) throws IOException {
        if (batch == null) {
            throw new IOException("no tuples in the response (not even an empty array)");
        }
        ByteArrayInputStream in = new ByteArrayInputStream(batch);
        int count = TupleCodec.read(in, sink);
        if (in.available() > 0) {
            throw new IOException(in.available() + " bytes after the end of the batch");
        }
        return count;
    }

    @Override
    public void label(String soapAction) {
        Cxf.label(proxy, soapAction);
    }

    @Override
    public void close() {
        Cxf.close(proxy);
    }
}
