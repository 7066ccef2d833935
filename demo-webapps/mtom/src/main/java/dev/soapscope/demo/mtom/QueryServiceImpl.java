package dev.soapscope.demo.mtom;

import jakarta.jws.WebService;

import dev.soapscope.demo.mtom.api.Queries;
import dev.soapscope.demo.mtom.api.QueriesService;
import dev.soapscope.demo.mtom.api.QueryService;

/** {@link QueryService} on CXF: a batch is drained from the query, then encoded as one byte[]. */
@WebService(endpointInterface = "dev.soapscope.demo.mtom.api.QueryService", targetNamespace = QueryService.NS,
        serviceName = "QueryService", portName = "QueryPort")
public class QueryServiceImpl extends QueriesService {

    public QueryServiceImpl(Queries queries) {
        super(queries);
    }
}
