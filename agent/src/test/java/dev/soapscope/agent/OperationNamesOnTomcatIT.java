package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.LoggingValidatingServlet;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * On Tomcat 11 under the agent: SOAP calls with an empty SOAPAction are named by their servlet path, and GETs of
 * the service's WSDL and XSD at the same path are named apart ({@code GET /svc?wsdl}), the rest of the query left
 * out; request counts, in {@code /phases} and summed over {@code /metrics}, equal the requests sent.
 */
class OperationNamesOnTomcatIT {
    static final int SOAP = 12;
    static final int WSDL = 5;
    static final int XSD = 3;

    @Test
    void wsdlAndXsdGetsAreNamedApartAndRequestCountsEqualRequestsSent() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(LoggingValidatingServlet.class, "/svc")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < SOAP; i++) {
                Http.Response r = Http.post(server.uri("/svc"), Soap.echoRequest("hello " + i, 1000),
                        Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"\""));
                assertEquals(200, r.status(), r::toString);
            }
            for (int i = 0; i < WSDL; i++) {
                Http.get(server.uri("/svc?wsdl"));
            }
            for (int i = 0; i < XSD; i++) {
                Http.get(server.uri("/svc?xsd=" + i + "&session=" + System.nanoTime()));
            }

            JsonNode phases = agent.phases();
            assertEquals(SOAP, AgentEndpoint.operation(phases, "/svc").get("requests").asLong(), phases::toPrettyString);
            assertEquals(WSDL, AgentEndpoint.operation(phases, "GET /svc?wsdl").get("requests").asLong());
            assertEquals(XSD, AgentEndpoint.operation(phases, "GET /svc?xsd").get("requests").asLong());
            long listed = 0;
            for (JsonNode op : phases.get("operations")) {
                listed += op.get("requests").asLong();
            }
            assertEquals(SOAP + WSDL + XSD, listed, phases::toPrettyString);

            double counted = 0;
            for (PrometheusText.Sample s : agent.metrics().samples("soapscope_request_duration_seconds_count")) {
                counted += s.value();
            }
            assertEquals(SOAP + WSDL + XSD, counted, 0.0, "requests summed over /metrics");
        }
    }
}
