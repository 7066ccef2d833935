package dev.soapscope.demo.mtom.api;

/**
 * {@link QueryService} over {@link Queries}, what every stack's endpoint does: a batch is drained from the query, then
 * encoded as one byte[]. Each stack's WAR publishes a subclass carrying its own {@code @WebService} (annotations are
 * not inherited).
 */
public class QueriesService implements QueryService {

    private final Queries queries;

    public QueriesService(Queries queries) {
        this.queries = queries;
    }

    @Override
    public String query(String query) {
        return queries.start(query);
    }

    @Override
    public byte[] getNTuples(int tuples, String requestID) {
        return queries.batch(tuples, requestID);
    }
}
