package dev.soapscope.filter;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The filter jar in WEB-INF/lib beside the agent, on Tomcat (which asks the bootstrap loader first) and Jetty
 * (which loads webapp classes first): one recorder per JVM, so each request is counted once, and the filter's
 * page inside the webapp and the agent's endpoint tell the same story.
 */
class FilterWithAgentIT {
    private static final int N = 20;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty"})
    void oneRecorderPerJvm(String container) throws Exception {
        Path lib = Files.createDirectories(dir.resolve("webapp/WEB-INF/lib"));
        Files.copy(Path.of(System.getProperty("soapscope.test.filterJar")), lib.resolve("soapscope-servlet-filter.jar"));
        Supplier<ForkedServer.Builder> server = container.equals("tomcat") ? ForkedServer::tomcat : ForkedServer::jetty;
        try (ForkedServer s = server.get().webapp(dir.resolve("webapp"))
                .agentUnderTest()
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            assertTrue(s.waitForOutput("recording into the agent's recorder", java.time.Duration.ofSeconds(20)), s.output());
            for (int i = 0; i < N; i++) {
                Http.Response r = Http.post(s.uri("/echo"), Soap.echoRequest("hi " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:both"));
                Soap.assertEnvelopeWithText(r.body(), "hi " + i);
            }
            PrometheusText agent = AgentEndpoint.of(s).metrics();
            PrometheusText filter = PrometheusText.parse(Http.get(s.uri("/soapscope/metrics")).body());
            for (PrometheusText metrics : new PrometheusText[] {agent, filter}) {
                assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                        Map.of("operation", "urn:both", "outcome", "success")));
                // the agent's probes in webapp and JDK classes land in the same recorder as the filter's timing
                double factories = metrics.value("soapscope_hotspot_events_total",
                        Map.of("operation", "urn:both", "kind", "factory.create"));
                assertTrue(factories >= N, container + ": factory.create " + factories);
                assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                        Map.of("operation", "urn:both", "phase", "transport.read")));
            }
        }
    }
}
