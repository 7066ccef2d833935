package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Tomcat 9 distribution (javax.servlet) from Maven Central, unmodified, with the javax-echo WAR carrying the
 * packaged servlet filter jar in WEB-INF/lib: the filter alone serves its endpoint inside the webapp; beside the agent
 * (CATALINA_OPTS) it records into the agent's recorder, so each request is counted once. Only with -Pall-servers.
 */
@ExtendWith(ServerLogOnFailure.class)
@EnabledIfSystemProperty(named = "soapscope.test.tomcat9Home", matches = ".+",
        disabledReason = "Tomcat 9 runs with mvn -Pall-servers verify")
class Tomcat9JavaxIT {
    static final int N = 20;
    static final String CONTEXT = "/javax-echo";
    static final String CACHED = "urn:javax:echo";
    static final String NAIVE = "urn:javax:naive";
    static final int ENVELOPE_BYTES = 800;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void javaxFilterAloneServesItsEndpointInTheWebapp() throws Exception {
        try (TomcatServer tomcat = TomcatServer.start("Tomcat 9, filter alone", home(), dir.resolve("catalina-base"),
                List.of(warWithFilter()), null)) {
            sendEchoes(tomcat);
            assertTrue(Launch.await(() -> tomcat.allLogs().contains(
                    "soapscope filter: no agent attached, recording locally; endpoint at " + CONTEXT + "/soapscope/metrics"),
                    Duration.ofSeconds(5), tomcat::isRunning), "the filter's start line");

            AgentEndpoint filter = new AgentEndpoint(URI.create(tomcat.uri(CONTEXT + "/soapscope").toString()));
            PrometheusText metrics = filter.metrics();
            for (String operation : new String[] {CACHED, NAIVE}) {
                assertEquals(N, metrics.value("soapscope_request_duration_seconds_count", Map.of("operation", operation)));
                assertEquals((double) N * ENVELOPE_BYTES, metrics.value("soapscope_request_bytes_sum",
                        Map.of("operation", operation, "direction", "in")), operation + ": every request byte, once");
                for (String phase : new String[] {"transport.read", "transport.write"}) {
                    assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                            Map.of("operation", operation, "phase", phase)), operation + " " + phase);
                }
                assertEquals(N, AgentEndpoint.operation(filter.phases(), operation).get("requests").asLong());
            }
            // without the agent there are no probes in JDK classes: no factory.create anywhere
            assertEquals(0.0, metrics.sum("soapscope_hotspot_events_total", Map.of("kind", "factory.create")));
            assertFalse(metrics.samples("soapscope_request_duration_seconds_count").stream()
                    .anyMatch(s -> s.labels().getOrDefault("operation", "").startsWith("/soapscope")),
                    "endpoint requests are not recorded");
            tomcat.stop();
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void javaxFilterBesideTheAgentCountsEachRequestOnce() throws Exception {
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        try (TomcatServer tomcat = TomcatServer.start("Tomcat 9, filter and agent", home(), dir.resolve("catalina-base"),
                List.of(warWithFilter()), "-javaagent:" + agentJar + "=port=0")) {
            AgentEndpoint agent = tomcat.agent();
            sendEchoes(tomcat);
            assertTrue(Launch.await(() -> tomcat.allLogs().contains("soapscope filter: recording into the agent's recorder"),
                    Duration.ofSeconds(5), tomcat::isRunning), "the filter's start line beside the agent");

            AgentEndpoint filter = new AgentEndpoint(URI.create(tomcat.uri(CONTEXT + "/soapscope").toString()));
            for (AgentEndpoint endpoint : new AgentEndpoint[] {agent, filter}) {
                PrometheusText metrics = endpoint.metrics();
                for (String operation : new String[] {CACHED, NAIVE}) {
                    assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                            Map.of("operation", operation, "outcome", "success")), endpoint + " " + operation);
                    assertEquals((double) N * ENVELOPE_BYTES, metrics.value("soapscope_request_bytes_sum",
                            Map.of("operation", operation, "direction", "in")), endpoint + " " + operation);
                    assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                            Map.of("operation", operation, "phase", "transport.read")), endpoint + " " + operation);
                }
                // the agent's probe in the JDK's DocumentBuilderFactory, inside the javax webapp
                assertEquals(N, metrics.value("soapscope_hotspot_events_total",
                        Map.of("operation", NAIVE, "kind", "factory.create")), endpoint + " " + NAIVE);
                assertEquals(0.0, metrics.sum("soapscope_hotspot_events_total",
                        Map.of("operation", CACHED, "kind", "factory.create")), endpoint + " " + CACHED);
            }
            tomcat.stop(agent.port());
        }
    }

    private static Path home() {
        return Launch.existing("soapscope.test.tomcat9Home", "the unpacked Tomcat 9 distribution");
    }

    /** javax-echo.war with the packaged filter jar added to WEB-INF/lib: still one file to deploy. */
    private Path warWithFilter() throws Exception {
        Path war = Launch.existing("soapscope.test.webapps", "target/webapps").resolve("javax-echo.war");
        Path filterJar = Launch.existing("soapscope.test.filterJar", "the servlet filter jar");
        Path copy = Files.createDirectories(dir.resolve("wars")).resolve("javax-echo.war");
        Files.copy(war, copy);
        try (FileSystem zip = FileSystems.newFileSystem(copy)) {
            Path lib = Files.createDirectories(zip.getPath("/WEB-INF/lib"));
            Files.copy(filterJar, lib.resolve("soapscope-servlet-filter.jar"));
        }
        return copy;
    }

    private static void sendEchoes(TomcatServer tomcat) {
        tomcat.awaitDeployed(CONTEXT + "/echo");
        for (int i = 0; i < N; i++) {
            for (Map.Entry<String, String> target : Map.of("/echo", CACHED, "/echo-naive", NAIVE).entrySet()) {
                String text = Soap.paddedText("hello " + i, ENVELOPE_BYTES);
                Http.Response r = Http.post(tomcat.uri(CONTEXT + target.getKey()), Soap.echoRequest(text),
                        Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"" + target.getValue() + "\""));
                assertEquals(200, r.status(), r::toString);
                Soap.assertEnvelopeWithText(r.body(), text);
            }
        }
        tomcat.mark(2 * N + " echoes answered");
    }
}
