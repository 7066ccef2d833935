package dev.soapscope.demo.metro;

import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Tracers;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro's {@code Endpoint.publish} sample beside the OpenTelemetry Java agent, whose {@code java-http-server}
 * instrumentation makes the server span on the JDK's HTTP server: soapscope's breakdown of each request lands on that
 * span, as it does on a servlet container's (the logging exporter prints each finished span).
 */
class MetroEndpointPublishTracedIT {
    private static final int REQUESTS = 40;
    /**
     * {@code 'AddNumbersImplService/addNumbers' : <trace> <span> SERVER [tracer: io.opentelemetry.java-http-server:...]
     * AttributesMap{data={...}}}: the JDK server's span, which OpenTelemetry's JAX-WS instrumentation renames.
     */
    private static final Pattern SERVER_SPAN = Pattern.compile(" SERVER \\[tracer: io\\.opentelemetry\\.java-http-server:.*"
            + "url\\.path=/jaxws-fromjava/addnumbers");

    @Test
    void eachRequestsBreakdownIsOnTheTracersServerSpan() throws Exception {
        ForkedClient server = PublishedSample.start(null, "-javaagent:" + Tracers.openTelemetryAgent(),
                "-Dotel.traces.exporter=logging", "-Dotel.metrics.exporter=none", "-Dotel.logs.exporter=none",
                "-Dotel.service.name=fromjava");
        try {
            for (int i = 0; i < REQUESTS; i++) {
                Http.Response r = PublishedSample.add(i, 1);
                assertEquals(200, r.status(), r.body());
            }
            List<String> spans = List.of();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (spans.size() < REQUESTS && System.nanoTime() < deadline) {
                Thread.sleep(200);
                spans = server.output().lines().filter(l -> SERVER_SPAN.matcher(l).find())
                        .filter(l -> l.contains("http.request.method=POST")).toList(); // not the WSDL's GET
            }
            assertEquals(REQUESTS, spans.size(), "one server span per request:\n" + server.output());
            List<String> broken = spans.stream()
                    .filter(s -> s.contains("soapscope.operation={http://server.fromjava/}addNumbers")).toList();
            // the bridge to the tracer connects on its own thread at the first request: one or two go without
            assertTrue(broken.size() >= REQUESTS - 3, broken.size() + " of " + spans.size()
                    + " spans with the breakdown:\n" + String.join("\n", spans));
            for (String s : broken) {
                for (String attribute : new String[] {"soapscope.outcome=success", "soapscope.phase.invoke.us=",
                    "soapscope.phase.transport_write.us=", "soapscope.duration.us="}) {
                    assertTrue(s.contains(attribute), attribute + " on " + s);
                }
            }
        } finally {
            PublishedSample.stop(server);
        }
    }
}
