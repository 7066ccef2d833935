package dev.soapscope.demo.mtom.springws;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;

import dev.soapscope.demo.mtom.api.QueriesService;
import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.springws.model.GetNTuples;
import dev.soapscope.demo.mtom.springws.model.GetNTuplesResponse;
import dev.soapscope.demo.mtom.springws.model.Query;
import dev.soapscope.demo.mtom.springws.model.QueryResponse;

/**
 * {@link QueryService}'s two operations as Spring-WS endpoint methods, dispatched by payload root and bound by JAXB
 * (Spring-WS's default XmlRootElementPayloadMethodProcessor); the work is every stack's {@link QueriesService}.
 */
@Endpoint
public class QueryEndpoint {

    private final QueriesService service;

    public QueryEndpoint(QueriesService service) {
        this.service = service;
    }

    @PayloadRoot(namespace = QueryService.NS, localPart = "query")
    @ResponsePayload
    public QueryResponse query(@RequestPayload Query request) {
        QueryResponse response = new QueryResponse();
        response.requestID = service.query(request.query);
        return response;
    }

    @PayloadRoot(namespace = QueryService.NS, localPart = "getNTuples")
    @ResponsePayload
    public GetNTuplesResponse getNTuples(@RequestPayload GetNTuples request) {
        GetNTuplesResponse response = new GetNTuplesResponse();
        response.tuples = service.getNTuples(request.tuples, request.requestID);
        return response;
    }
}
