package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.AsyncSaajServlet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Asynchronous requests that nothing completes: the container times them out (after 300 ms here) and answers 500.
 * Tomcat completes them through {@code AsyncContext.complete()}, so each is recorded once, as a server error, its time
 * running to the timeout; Jetty ends them without it, so they are not recorded (their state goes with the request
 * Jetty discards). Either way nothing is counted twice, nothing becomes background work, the asynchronous requests
 * after them are counted exactly, and no recorder state is left behind for them (a class histogram of the server).
 */
class AsyncNeverCompletedIT {
    private static final int NEVER = 5;
    private static final int AFTER = 20;
    private static final int MANY = 60;

    @ParameterizedTest
    @EnumSource(value = ForkedServer.Container.class, names = {"TOMCAT", "JETTY"})
    void timedOutRequestsLeaveTheFiguresConsistentAndNothingBehind(ForkedServer.Container container) throws Exception {
        try (ForkedServer server = ForkedServer.on(container).agentUnderTest()
                .servlet(AsyncSaajServlet.class, "/async").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < NEVER; i++) {
                Http.Response r = Http.post(server.uri("/async?mode=never"), Soap.echoRequest("x"), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"urn:never\""));
                assertEquals(500, r.status(), r::toString);
            }
            for (int i = 0; i < AFTER; i++) {
                Http.Response r = Http.post(server.uri("/async"), Soap.echoRequest("after " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"urn:after\""));
                Soap.assertEnvelopeWithText(r.body(), "after " + i);
            }
            agent.awaitRequests("urn:after", AFTER);
            JsonNode phases = agent.phases();
            JsonNode after = AgentEndpoint.operation(phases, "urn:after");
            assertEquals(AFTER, after.get("requests").asLong(), phases.toPrettyString());
            assertEquals(AFTER, after.get("phases").path("soap.parse").path("requests").asLong(), after.toPrettyString());
            long never = 0;
            for (JsonNode op : phases.get("operations")) {
                if (op.get("operation").asText().equals("urn:never")) {
                    never = op.get("requests").asLong();
                    assertEquals(never, op.get("outcomes").get("server_error").asLong(), op.toPrettyString());
                    assertTrue(op.get("duration_us").get("p50").asDouble() >= 300_000, "timed to the timeout: " + op);
                }
            }
            assertEquals(container == ForkedServer.Container.TOMCAT ? NEVER : 0, never, phases.toPrettyString());
            assertTrue(phases.path("background").isMissingNode() || !phases.get("background").get("phases").has("soap.parse"),
                    phases.toPrettyString());

            // many more that never complete, sent at once: none of their handles may outlive them
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                Thread t = new Thread(() -> Http.post(server.uri("/async?mode=never"), Soap.echoRequest("y"),
                        Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"urn:never-many\"")));
                t.start();
                clients.add(t);
            }
            for (Thread t : clients) {
                t.join();
            }
            long left = instances(server.pid(), "dev.soapscope.recorder.AsyncRequest");
            assertTrue(left <= 5, left + " asynchronous request handles left after " + MANY + " requests ended");
        }
    }

    /** Live instances of a class in a JVM, after a full GC ({@code jcmd PID GC.class_histogram} forces one). */
    private static long instances(long pid, String className) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(pid), "GC.class_histogram").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        for (String line : out.split("\\R")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[3].equals(className)) {
                return Long.parseLong(f[1]);
            }
        }
        return 0;
    }
}
