package dev.soapscope.demo.mtom;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import jakarta.jws.WebService;

import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;

/** {@link QueryService} over {@link Queries}: a batch is drained from the query, then encoded as one byte[]. */
@WebService(endpointInterface = "dev.soapscope.demo.mtom.api.QueryService", targetNamespace = QueryService.NS,
        serviceName = "QueryService", portName = "QueryPort")
public class QueryServiceImpl implements QueryService {

    private final Queries queries;

    public QueryServiceImpl(Queries queries) {
        this.queries = queries;
    }

    @Override
    public String query(String query) {
        return queries.start(query);
    }

    @Override
    public byte[] getNTuples(int tuples, String requestID) {
        Queries.Query query = queries.get(requestID);
        List<Tuple> batch = new ArrayList<>(Math.min(Math.max(tuples, 0), Queries.QUEUE_CAPACITY));
        try {
            query.fetch(tuples, batch::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        return TupleCodec.encode(batch);
    }
}
