package dev.soapscope.demo.mtom.metro;

import jakarta.jws.WebService;

import dev.soapscope.demo.mtom.api.QueriesService;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * {@link QueryService} for Metro: the same service as the CXF WAR's, over the webapp's one Queries. Published twice by
 * sun-jaxws.xml, at {@code /services/query} (base64) and {@code /services/query-mtom} (MTOM on); Metro needs the
 * no-argument constructor.
 */
@WebService(endpointInterface = "dev.soapscope.demo.mtom.api.QueryService", targetNamespace = QueryService.NS,
        serviceName = "QueryService", portName = "QueryPort")
public class MetroQueryService extends QueriesService {

    public MetroQueryService() {
        super(QueriesListener.queries());
    }
}
