package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.ReaderServlet;
import dev.soapscope.testkit.servlets.WriterServlet;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bodies read through {@code getReader()} and written through {@code getWriter()} on an unmodified Tomcat 11 under
 * the agent: Tomcat's reader and writer never touch its streams, yet their bytes (in UTF-8, not chars), their
 * {@code transport.read}/{@code transport.write} time and the first byte are measured like the streams'.
 */
class ReaderWriterOnTomcatIT {
    static final int N = 20;

    @Test
    void measuresBodiesReadAndWrittenAsCharacters() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(WriterServlet.class, "/writer")
                .servlet(ReaderServlet.class, "/reader")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            String request = Soap.echoRequest("naïve ✓ €", 700); // multi-byte chars: bytes in are not chars
            long responseBytes = -1;
            for (int i = 0; i < N; i++) {
                Http.Response written = Http.post(server.uri("/writer"), request, Soap.CONTENT_TYPE, Map.of());
                assertEquals(200, written.status(), written::toString);
                assertEquals(WriterServlet.TEXT + 700, Soap.payloadText(written.body()));
                responseBytes = Soap.utf8Length(written.body());
                Http.Response read = Http.post(server.uri("/reader"), request, Soap.CONTENT_TYPE, Map.of());
                assertEquals(200, read.status(), read::toString);
                assertEquals(Long.toString(request.length()), Soap.payloadText(read.body()));
            }

            JsonNode phases = agent.phases();
            JsonNode writer = AgentEndpoint.operation(phases, "/writer");
            assertEquals(N, writer.get("requests").asLong());
            assertEquals(responseBytes, writer.get("bytes_out_per_request").asLong(), writer::toPrettyString);
            assertEquals(N, writer.get("phases").path("transport.write").path("requests").asLong(), writer::toPrettyString);
            JsonNode reader = AgentEndpoint.operation(phases, "/reader");
            assertEquals(700, reader.get("bytes_in_per_request").asLong(), reader::toPrettyString);
            assertEquals(N, reader.get("phases").path("transport.read").path("requests").asLong(), reader::toPrettyString);
            AgentOnTomcatIT.assertPhasesAddUp(writer);
            AgentOnTomcatIT.assertPhasesAddUp(reader);

            PrometheusText metrics = agent.metrics();
            assertEquals(N, metrics.value("soapscope_request_first_byte_seconds_count", Map.of("operation", "/writer")), 0.0);
            assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                    Map.of("operation", "/writer", "phase", "transport.write")), 0.0);
            assertEquals((double) N * responseBytes, metrics.value("soapscope_request_bytes_sum",
                    Map.of("operation", "/writer", "direction", "out")), 0.0);
            assertTrue(request.length() < 700, "the request has multi-byte chars");
        }
    }
}
