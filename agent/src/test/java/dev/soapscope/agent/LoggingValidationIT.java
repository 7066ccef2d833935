package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.LoggingValidatingServlet;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * java.util.logging and the JDK's schema validation under the agent on Tomcat 11: every request enters
 * {@code logging} and {@code validation}; the same log calls at a disabled level enter no phase; Tomcat's own
 * logging at start-up, outside any request, is not counted as {@code (no request)} work.
 */
class LoggingValidationIT {
    static final int N = 30;

    @Test
    void logLinesAreLoggingAndSchemaChecksAreValidation() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(LoggingValidatingServlet.class, "/logged")
                .servlet(LoggingValidatingServlet.class, "/quiet")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < N; i++) {
                for (String path : new String[] {"/logged", "/quiet"}) {
                    Http.Response r = Http.post(server.uri(path), Soap.echoRequest("hello " + i, 4000),
                            Soap.CONTENT_TYPE, Map.of("SOAPAction", "urn:" + path.substring(1)));
                    assertEquals(200, r.status(), r::toString);
                }
            }

            JsonNode phases = agent.phases();
            JsonNode logged = AgentEndpoint.operation(phases, "urn:logged");
            assertEquals(N, logged.get("requests").asLong());
            assertEquals(N, logged.get("phases").path("logging").path("requests").asLong(), logged::toPrettyString);
            assertEquals(N, logged.get("phases").path("validation").path("requests").asLong(), logged::toPrettyString);
            AgentOnTomcatIT.assertPhasesAddUp(logged);

            JsonNode quiet = AgentEndpoint.operation(phases, "urn:quiet");
            assertEquals(N, quiet.get("requests").asLong());
            assertFalse(quiet.get("phases").has("logging"), "a disabled level entered logging: " + quiet.toPrettyString());
            assertEquals(N, quiet.get("phases").path("validation").path("requests").asLong(), quiet::toPrettyString);

            // the servlets use the JDK alone: /phases says plainly what is measured for them
            for (JsonNode op : new JsonNode[] {logged, quiet}) {
                assertTrue(op.path("stack").asText().contains("only transport (reading the request, writing the "
                        + "response) and JDK hot spots are measured"), op::toPrettyString);
            }
            assertFalse(phases.path("background").path("phases").has("logging"),
                    "logging outside requests was counted: " + phases.path("background").toPrettyString());
        }
    }
}
