package dev.soapscope.filter;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import dev.soapscope.testkit.servlets.SingleByteReadServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged filter jar alone in WEB-INF/lib of a real Tomcat 11 (no agent): it registers itself, times the
 * transport phases of every request, and serves the endpoint inside the webapp.
 */
class FilterAloneIT {
    private static final int N = 25;
    private static final int ENVELOPE_BYTES = 1000;
    private static final int SINGLE_BYTE_REQUESTS = 3;
    private static final Map<String, String> ECHO = Map.of("operation", "urn:echo");

    @TempDir
    Path dir;

    @Test
    void timesEveryRequestAndServesTheEndpoint() throws IOException {
        try (ForkedServer server = ForkedServer.tomcat().webapp(webapp(null))
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(SingleByteReadServlet.class, "/bytes").start()) {
            assertTrue(server.waitForOutput("soapscope filter: no agent attached, recording locally; endpoint at /soapscope",
                    java.time.Duration.ofSeconds(5)), server.output());
            assertTrue(server.output().contains("for loopback clients only"), server.output());
            sendEchoes(server);
            for (int i = 0; i < SINGLE_BYTE_REQUESTS; i++) {
                Http.Response r = Http.post(server.uri("/bytes"), Soap.echoRequest("bytes", ENVELOPE_BYTES), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:bytes"));
                assertEquals(200, r.status(), r.toString());
                assertEquals(String.valueOf(ENVELOPE_BYTES), Soap.payloadText(r.body()));
            }

            Http.Response scrape = Http.get(server.uri("/soapscope/metrics"));
            assertEquals(200, scrape.status(), scrape.toString());
            assertTrue(scrape.header("Content-Type").orElse("").startsWith("text/plain"), scrape.toString());
            PrometheusText metrics = PrometheusText.parse(scrape.body());

            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count", ECHO), "one count per request");
            assertEquals(N, metrics.value("soapscope_request_bytes_count", with("direction", "in")));
            assertEquals(N, metrics.value("soapscope_request_bytes_count", with("direction", "out")));
            assertEquals((double) N * ENVELOPE_BYTES, metrics.value("soapscope_request_bytes_sum", with("direction", "in")),
                    "every request body byte, counted once");
            assertTrue(metrics.value("soapscope_request_bytes_sum", with("direction", "out")) >= N * 200.0,
                    "the echo responses were counted");
            assertEquals(N, metrics.value("soapscope_request_first_byte_seconds_count", ECHO), "time to first byte");
            assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count", with("phase", "transport.read")));
            assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count", with("phase", "transport.write")));

            double total = metrics.value("soapscope_request_duration_seconds_sum", ECHO);
            double phases = metrics.sum("soapscope_phase_duration_seconds_sum", ECHO);
            assertTrue(total > 0 && Math.abs(phases - total) <= 0.05 * total,
                    "phases add up to the request: " + phases + " s vs " + total + " s");
            assertTrue(metrics.value("soapscope_request_first_byte_seconds_sum", ECHO) <= total);

            assertFalse(scrape.body().contains("operation=\"/soapscope"), "endpoint requests are not recorded");

            // through a proxy (even one on this machine) the endpoint is not there: the application answers
            for (String header : new String[] {"X-Forwarded-For", "Forwarded"}) {
                Http.Response proxied = Http.get(server.uri("/soapscope/metrics"), Map.of(header, "for=192.0.2.7"));
                assertEquals(404, proxied.status(), "Tomcat's own 404: " + proxied);
                assertFalse(proxied.body().contains("soapscope_"), proxied.body());
            }

            Http.Response phasesPage = Http.get(server.uri("/soapscope/phases"));
            assertEquals(200, phasesPage.status());
            String echo = operationJson(phasesPage.body(), "urn:echo");
            assertTrue(echo.contains("\"requests\":" + N), echo);
            assertTrue(echo.contains("\"transport.read\":{") && echo.contains("\"transport.write\":{"), echo);
            assertTrue(echo.contains("\"bytes_in_per_request\":" + ENVELOPE_BYTES), echo);

            // the filter's own hot spot: read() per byte, named by the container's stream it wraps (and the -1 at the end)
            Map<String, String> bytes = Map.of("operation", "urn:bytes", "kind", "stream.single_byte_read");
            long singleByteReads = SINGLE_BYTE_REQUESTS * (ENVELOPE_BYTES + 1L);
            assertEquals(singleByteReads, metrics.value("soapscope_hotspot_events_total", bytes));
            assertEquals((double) SINGLE_BYTE_REQUESTS * ENVELOPE_BYTES,
                    metrics.value("soapscope_request_bytes_sum", Map.of("operation", "urn:bytes", "direction", "in")));
            Http.Response hotspots = Http.get(server.uri("/soapscope/hotspots"));
            assertEquals(200, hotspots.status());
            assertTrue(hotspots.header("Content-Type").orElse("").startsWith("application/json"), hotspots.toString());
            // counted at the servlet that reads byte by byte: the filter's wrapper is called by it directly
            assertTrue(hotspots.body().contains("{\"kind\":\"stream.single_byte_read\",\"site\":\"org.apache.catalina.connector.CoyoteInputStream\","
                    + "\"caller\":\"dev.soapscope.testkit.servlets.SingleByteReadServlet.doPost(SingleByteReadServlet.java:"), hotspots.body());
            assertTrue(hotspots.body().contains("\"one_off\":false,\"total\":" + singleByteReads + ","), hotspots.body());

            Http.Response post = Http.post(server.uri("/soapscope/metrics"), "", "text/plain", Map.of());
            assertEquals(405, post.status(), post.toString());
            assertEquals("GET, HEAD", post.header("Allow").orElse(""));

            Http.Response unknown = Http.get(server.uri("/soapscope/nothing"));
            assertEquals(404, unknown.status());
            assertTrue(unknown.body().contains("/metrics") && unknown.body().contains("/phases"), unknown.body());

            // still exactly N: the endpoint requests above were not counted
            PrometheusText again = PrometheusText.parse(Http.get(server.uri("/soapscope/metrics")).body());
            assertEquals(N, again.value("soapscope_request_duration_seconds_count", ECHO));
        }
    }

    @Test
    void autoregisterOffLeavesTheWebappAlone() throws IOException {
        try (ForkedServer server = ForkedServer.tomcat().webapp(webapp(null))
                .jvmArg("-Dsoapscope.filter.autoregister=false")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            sendEchoes(server);
            Http.Response metrics = Http.get(server.uri("/soapscope/metrics"));
            assertEquals(404, metrics.status(), "Tomcat's own 404: " + metrics);
            assertFalse(metrics.body().contains("soapscope endpoints"), metrics.body());
            assertTrue(server.output().contains("soapscope filter: not registered"), server.output());
        }
    }

    @Test
    void declaredInWebXmlWithItsOwnPath() throws IOException {
        String webXml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\">\n"
                + "  <context-param><param-name>soapscope.filter.autoregister</param-name><param-value>false</param-value></context-param>\n"
                + "  <context-param><param-name>soapscope.filter.path</param-name><param-value>/ops/soap</param-value></context-param>\n"
                + "  <filter><filter-name>timing</filter-name>\n"
                + "    <filter-class>dev.soapscope.filter.jakarta.SoapscopeFilter</filter-class>\n"
                + "    <async-supported>true</async-supported></filter>\n"
                + "  <filter-mapping><filter-name>timing</filter-name><url-pattern>/*</url-pattern></filter-mapping>\n"
                + "</web-app>\n";
        try (ForkedServer server = ForkedServer.tomcat().webapp(webapp(webXml))
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            sendEchoes(server);
            assertEquals(404, Http.get(server.uri("/soapscope/metrics")).status());
            Http.Response scrape = Http.get(server.uri("/ops/soap/metrics"));
            assertEquals(200, scrape.status(), scrape.toString());
            assertEquals(N, PrometheusText.parse(scrape.body()).value("soapscope_request_duration_seconds_count", ECHO));
        }
    }

    private static void sendEchoes(ForkedServer server) {
        for (int i = 0; i < N; i++) {
            String text = Soap.paddedText("hello " + i, ENVELOPE_BYTES);
            String envelope = Soap.echoRequest(text);
            assertEquals(ENVELOPE_BYTES, Soap.utf8Length(envelope));
            Http.Response r = Http.post(server.uri("/echo"), envelope, Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"urn:echo\""));
            assertEquals(200, r.status(), r.toString());
            Soap.assertEnvelopeWithText(r.body(), text);
        }
    }

    /** A webapp directory with the packaged filter jar in WEB-INF/lib, and {@code webXml} if not null. */
    private Path webapp(String webXml) throws IOException {
        Path jar = Path.of(System.getProperty("soapscope.test.filterJar", "target/soapscope-servlet-filter.jar"));
        assertTrue(Files.isRegularFile(jar), "the packaged filter jar: " + jar.toAbsolutePath());
        Path webapp = dir.resolve("webapp");
        Path lib = Files.createDirectories(webapp.resolve("WEB-INF/lib"));
        Files.copy(jar, lib.resolve("soapscope-servlet-filter.jar"));
        if (webXml != null) {
            Files.writeString(webapp.resolve("WEB-INF/web.xml"), webXml);
        }
        return webapp;
    }

    private static Map<String, String> with(String label, String value) {
        return Map.of("operation", "urn:echo", label, value);
    }

    /** The JSON object of one operation in /phases (operations hold no nested arrays, so the next "operation" ends it). */
    private static String operationJson(String phases, String operation) {
        Matcher m = Pattern.compile("\\{\"operation\":\"" + Pattern.quote(operation) + "\".*?(?=,\\{\"operation\"|\\]\\})",
                Pattern.DOTALL).matcher(phases);
        assertTrue(m.find(), "operation " + operation + " in /phases: " + phases);
        return m.group();
    }
}
