package dev.soapscope.demo.mtom;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;

import dev.soapscope.demo.mtom.api.Queries;
import dev.soapscope.demo.mtom.api.TupleCodec;

/**
 * The query over JAX-RS ({@code /rest/*}): {@code POST /rest/query} (the query as text/plain) answers the request id,
 * {@code GET /rest/{requestID}/{tuples}} streams the next batch in {@link TupleCodec}'s format, each tuple written as
 * it comes from the queue (an empty body once the query is exhausted).
 */
@Path("/")
public class QueryResource {

    private final Queries queries;

    public QueryResource(Queries queries) {
        this.queries = queries;
    }

    @POST
    @Path("query")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    public String query(String query) {
        try {
            return queries.start(query);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage(), e);
        }
    }

    @GET
    @Path("{requestID}/{tuples}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public StreamingOutput tuples(@PathParam("requestID") String requestID, @PathParam("tuples") int tuples) {
        Queries.Query query;
        try {
            query = queries.get(requestID);
        } catch (Queries.UnknownQueryException e) {
            throw new NotFoundException(e.getMessage(), e);
        }
        if (tuples < 1) {
            throw new BadRequestException("tuples must be at least 1, not " + tuples);
        }
        // runs when CXF writes the response: nothing is buffered beyond the container's output buffer. A fetch that
        // fails half way leaves the batch without its end marker, so the client sees it truncated.
        return out -> {
            TupleCodec.Writer writer = new TupleCodec.Writer(out);
            query.fetch(tuples, writer::write);
            writer.finish();
        };
    }
}
