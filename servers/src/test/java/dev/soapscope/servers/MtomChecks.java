package dev.soapscope.servers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CXF mtom WAR (CXF 4.2 without Spring, Servlet 6.0 is enough) deployed as {@code mtom.war} with the agent
 * attached: N queries, each followed by a fetch of its tuples, every answer checked, and the agent counting each
 * request once under its operation: {@code query} by the SOAPAction the client sends, {@code getNTuples} (empty
 * SOAPAction) by CXF's binding operation.
 */
final class MtomChecks {
    static final int N = 20;
    static final int TUPLES = 10;
    static final String SERVICE = "/mtom/services/query";
    static final String QUERY_ACTION = "urn:servers:mtom:query";
    static final String GET_N_TUPLES_OPERATION = "{" + QueryService.NS + "}getNTuples";
    private static final Pattern REQUEST_ID = Pattern.compile("<requestID>([^<]+)</requestID>");
    private static final Pattern TUPLES_ELEMENT = Pattern.compile("<tuples>([^<]*)</tuples>");

    private MtomChecks() {
    }

    static Path war() {
        return Launch.existing("soapscope.test.webapps", "target/webapps").resolve("mtom.war");
    }

    static void driveAndCheck(DistributionServer server, AgentEndpoint agent) {
        assertEquals(200, server.awaitDeployed(SERVICE + "?wsdl"), "the query service's WSDL");
        String queryEnvelope = envelope("<q:query xmlns:q=\"" + QueryService.NS + "\"><query>select tuples limit "
                + TUPLES + "</query></q:query>");
        long queryBytes = 0;
        long fetchBytes = 0;
        long responseBytes = 0;
        for (int i = 0; i < N; i++) {
            Http.Response query = post(server, QUERY_ACTION, queryEnvelope);
            Matcher id = REQUEST_ID.matcher(query.body());
            assertTrue(id.find(), query::toString);
            String fetchEnvelope = envelope("<q:getNTuples xmlns:q=\"" + QueryService.NS + "\"><tuples>" + TUPLES
                    + "</tuples><requestID>" + id.group(1) + "</requestID></q:getNTuples>");
            Http.Response fetch = post(server, "", fetchEnvelope);
            assertEquals(IntStream.range(0, TUPLES).mapToObj(Tuples::generate).toList(), tuples(fetch), "query " + i);
            queryBytes += Soap.utf8Length(queryEnvelope);
            fetchBytes += Soap.utf8Length(fetchEnvelope);
            responseBytes += Soap.utf8Length(query.body()) + Soap.utf8Length(fetch.body());
        }
        server.mark(2 * N + " requests answered");

        PrometheusText metrics = agent.metrics();
        JsonNode phases = agent.phases();
        Map<String, Long> bytesIn = Map.of(QUERY_ACTION, queryBytes, GET_N_TUPLES_OPERATION, fetchBytes);
        double bytesOut = 0;
        for (String operation : List.of(QUERY_ACTION, GET_N_TUPLES_OPERATION)) {
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", operation, "outcome", "success")), 0.0, operation + "\n" + phases);
            assertEquals((double) bytesIn.get(operation), metrics.value("soapscope_request_bytes_sum",
                    Map.of("operation", operation, "direction", "in")), 0.0, operation + ": every request byte, once");
            JsonNode op = AgentEndpoint.operation(phases, operation);
            assertEquals(N, op.get("requests").asLong(), op::toPrettyString);
            for (String phase : WildFlyDistributionIT.CXF_PHASES) {
                assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                        Map.of("operation", operation, "phase", phase)), 0.0, () -> operation + " " + phase + ": "
                        + op.toPrettyString());
            }
            bytesOut += metrics.value("soapscope_request_bytes_sum", Map.of("operation", operation, "direction", "out"));
            System.out.printf("[servers] %s: %s other share %.3f%n", server.name(), operation,
                    op.get("phases").path("other").path("share").asDouble());
        }
        // not asserted: bytes out are what the agent saw leave through the servlet response (issue 14)
        System.out.printf("[servers] %s: bytes out counted %.0f, response bodies %d%n", server.name(), bytesOut,
                responseBytes);
    }

    /** The tuples of a getNTuplesResponse: base64 inline (the plain endpoint, MTOM off). */
    private static List<Tuple> tuples(Http.Response fetch) {
        Matcher tuples = TUPLES_ELEMENT.matcher(fetch.body());
        assertTrue(tuples.find(), fetch::toString);
        try {
            return TupleCodec.decode(Base64.getMimeDecoder().decode(tuples.group(1)));
        } catch (IOException e) {
            throw new UncheckedIOException(fetch.toString(), e);
        }
    }

    private static Http.Response post(DistributionServer server, String action, String envelope) {
        Http.Response r = Http.post(server.uri(SERVICE), envelope, Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "\"" + action + "\""));
        assertEquals(200, r.status(), r::toString);
        return r;
    }

    private static String envelope(String body) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" + body
                + "</soap:Body></soap:Envelope>";
    }
}
