package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.Tracers;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * From the latency histogram to the trace: soapscope beside the real OpenTelemetry agent on Tomcat 11, scraped by the
 * real Prometheus with exemplar storage on. Prometheus's exemplars on {@code soapscope_request_duration_seconds_bucket}
 * name traces the OpenTelemetry agent exported, each in the bucket its duration belongs to; the dashboard's latency
 * panel asks Grafana for them.
 */
class ExemplarsOnPrometheusIT {
    private static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "../agent/target/soapscope-agent.jar"));
    private static final Path PROMETHEUS_DIR = Path.of(System.getProperty("soapscope.test.prometheusDir", "target/prometheus"))
            .resolveSibling("prometheus-exemplars");
    /** What OpenTelemetry's logging exporter prints of a server span: its name, trace id, span id and kind. */
    private static final Pattern LOGGED_SPAN = Pattern.compile("' : ([0-9a-f]{32}) ([0-9a-f]{16}) SERVER");
    private static final String ACTION = "urn:exemplar-echo";

    @Test
    void latencyBucketsLeadToTheTracesOfTheirRequests() throws Exception {
        Prometheus.executable();
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .jvmArgs("-javaagent:" + Tracers.openTelemetryAgent(), "-Dotel.service.name=exemplars",
                        "-Dotel.traces.exporter=logging", "-Dotel.metrics.exporter=none", "-Dotel.logs.exporter=none")
                .start();
             Prometheus prometheus = Prometheus.start(PROMETHEUS_DIR, AgentEndpoint.of(server).uri(""),
                     Duration.ofSeconds(1), "--enable-feature=exemplar-storage")) {
            Instant start = Instant.now();
            post(server, "first");
            assertTrue(server.waitForOutput("traces: each request's breakdown goes on its OpenTelemetry span",
                    Duration.ofSeconds(30)), server.output());
            long until = System.nanoTime() + 5_000_000_000L; // several scrapes under load
            for (int i = 0; System.nanoTime() < until; i++) {
                post(server, "echo " + i);
            }
            Thread.sleep(2_500); // the last scrape
            Set<String> traced = new HashSet<>();
            Matcher m = LOGGED_SPAN.matcher(server.output());
            while (m.find()) {
                traced.add(m.group(1));
            }
            JsonNode data = prometheus.queryExemplars("soapscope_request_duration_seconds_bucket{operation=\""
                    + ACTION + "\"}", start, Instant.now());
            int exemplars = 0;
            for (JsonNode series : data) {
                double le = Double.parseDouble(series.get("seriesLabels").get("le").asText());
                for (JsonNode e : series.get("exemplars")) {
                    String traceId = e.get("labels").get("trace_id").asText();
                    assertTrue(traced.contains(traceId), traceId + " is a trace the OpenTelemetry agent exported");
                    assertEquals(16, e.get("labels").get("span_id").asText().length());
                    assertTrue(Double.parseDouble(e.get("value").asText()) <= le, e + " in bucket le=" + le);
                    exemplars++;
                }
            }
            assertTrue(exemplars >= 2, exemplars + " exemplars in Prometheus: " + data + "\n" + prometheus.targets());
            Dashboard.Query latency = Dashboard.load().queries().stream()
                    .filter(q -> q.expr().startsWith("histogram_quantile(0.99, sum by (operation, le) (rate(soapscope_request_duration_seconds_bucket"))
                    .findFirst().orElseThrow();
            assertTrue(latency.exemplar(), "the latency panel asks for exemplars: " + latency);
        }
    }

    private static void post(ForkedServer server, String text) {
        Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest(text), Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "\"" + ACTION + "\""));
        assertEquals(200, r.status(), r::toString);
        Soap.assertEnvelopeWithText(r.body(), text);
    }
}
