package dev.soapscope.agent.traces;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.HeadlessChromium;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.Tracers;
import dev.soapscope.testkit.Zipkin;
import dev.soapscope.testkit.servlets.DownstreamCallingServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * soapscope beside the real OpenTelemetry Java agent on Tomcat 11, in both {@code -javaagent} orders, exporting to a
 * real Zipkin: every answer is right, soapscope counts exactly, OpenTelemetry still makes its server span for every
 * request (not renamed), and in Zipkin each of those spans carries soapscope's operation, phase self times (which add
 * up to soapscope's duration, within the gap between the two agents' hooks), hot spots and allocation. The agent's
 * {@code /metrics} in OpenMetrics carries exemplars whose trace ids are those traces'.
 */
class OpenTelemetryZipkinIT {
    private static final int N = 60;
    private static final int WARM_UP = 200;
    private static final String ACTION = "urn:traced-echo";
    private static final Pattern TRACE_ID = Pattern.compile("trace_id=\"([0-9a-f]{32})\"");
    private static Zipkin zipkin;

    enum Order { SOAPSCOPE_FIRST, OPENTELEMETRY_FIRST }

    @BeforeAll
    static void startZipkin() throws Exception {
        zipkin = Zipkin.start(Path.of("target", "zipkin-it"));
    }

    @AfterAll
    static void stopZipkin() throws Exception {
        if (zipkin != null) {
            zipkin.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Order.class)
    void eachServerSpanCarriesTheRequestsBreakdown(Order order) throws Exception {
        String service = "soap-echo-" + order.name().toLowerCase().replace('_', '-');
        ForkedServer.Builder b = TracedEcho.tomcat();
        exportingToZipkin(b, service, order == Order.OPENTELEMETRY_FIRST);
        try (ForkedServer server = b.start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            // the first request finds the tracer, and soapscope connects to it on a thread of its own
            TracedEcho.post(server, "/warm-up", "warm-up", "urn:warm-up");
            assertTrue(server.waitForOutput("traces: each request's breakdown goes on its OpenTelemetry span",
                    java.time.Duration.ofSeconds(30)), server.output());
            for (int i = 0; i < WARM_UP; i++) { // so that the gap measured below is not the JIT's
                TracedEcho.post(server, "/warm-up", "warm-up " + i, "urn:warm-up");
            }
            for (int i = 0; i < N; i++) {
                TracedEcho.post(server, "/echo", "traced " + i, ACTION);
            }
            agent.awaitRequests(ACTION, N);
            assertEquals(N, AgentEndpoint.operation(agent.phases(), ACTION).get("requests").asLong());

            List<JsonNode> spans = awaitServerSpans(service, server);
            assertEquals(N, spans.size(), "one server span per request");
            List<Long> gaps = new ArrayList<>();
            for (JsonNode span : spans) {
                JsonNode tags = span.get("tags");
                assertEquals(ACTION, tags.path("soapscope.operation").asText(), span::toPrettyString);
                assertEquals("success", tags.path("soapscope.outcome").asText(), span::toPrettyString);
                assertTrue(span.get("name").asText().startsWith("post"), "OpenTelemetry's own name: " + span);
                assertEquals("POST", tags.path("http.request.method").asText(), span::toPrettyString);
                assertTrue(tags.path("soapscope.hotspot.factory_create").asLong() >= 1, span::toPrettyString);
                assertTrue(tags.path("soapscope.alloc.bytes").asLong() > 0, span::toPrettyString);
                assertTrue(tags.has("soapscope.phase.soap_parse.us") && tags.has("soapscope.phase.soap_serialize.us"),
                        span::toPrettyString);
                long duration = tags.path("soapscope.duration.us").asLong();
                long phases = 0;
                int count = 0;
                for (Iterator<Map.Entry<String, JsonNode>> it = tags.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> tag = it.next();
                    if (tag.getKey().startsWith("soapscope.phase.")) {
                        phases += Long.parseLong(tag.getValue().asText());
                        count++;
                    }
                }
                // each phase is rounded down to a microsecond
                assertTrue(phases <= duration && phases >= duration - count, phases + " us of phases against "
                        + duration + ": " + span.toPrettyString());
                long spanMicros = span.get("duration").asLong();
                assertTrue(duration <= spanMicros + 1, "soapscope's request lies inside the span: " + span.toPrettyString());
                gaps.add(spanMicros - duration);
            }
            gaps.sort(null);
            long medianGap = gaps.get(gaps.size() / 2);
            System.out.println("[" + order + "] span minus soapscope's request, median " + medianGap + " us, max "
                    + gaps.get(gaps.size() - 1) + " us");
            assertTrue(medianGap < 10_000, "the gap between the agents' hooks, median " + medianGap + " us: " + gaps);

            Set<String> traced = new HashSet<>();
            zipkin.spans(service, 1000).forEach(s -> traced.add(s.get("traceId").asText())); // warm-ups' too
            String openMetrics = Http.get(agent.uri("/metrics"), Map.of("Accept",
                    "application/openmetrics-text;version=1.0.0")).body();
            Matcher m = TRACE_ID.matcher(openMetrics);
            int exemplars = 0;
            while (m.find()) {
                assertTrue(traced.contains(m.group(1)), "an exemplar names a trace Zipkin has: " + m.group(1));
                exemplars++;
            }
            assertTrue(exemplars > 0, "exemplars on the request duration buckets:\n" + openMetrics);
            assertFalse(agent.raw("/metrics").body().contains("trace_id"), "none in the Prometheus text format");
            assertFalse(server.output().contains("ended outside any"), server.output());
        }
    }

    /**
     * {@code traces.phase.spans.over.ms=0}: every sampled request's phases are child spans of its server span. Then, on
     * the same server (one Tomcat start, not two), a service that makes two SAAJ calls per request: each call is a span
     * of soapscope's under the request's server span, carrying the call's breakdown and peer, and OpenTelemetry's own
     * HTTP client span for it is still there, within the call's time.
     */
    @org.junit.jupiter.api.Test
    void phaseSpansAreChildrenOfTheServerSpanAndEachCallMadeIsASpanBesideOpenTelemetrysClientSpan() throws Exception {
        String service = "soap-echo-phase-spans";
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(ForkedServer.agentJarUnderTest(), "port=0,traces.phase.spans.over.ms=0")
                .jvmArg("-javaagent:" + Tracers.openTelemetryAgent())
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(SaajFactoryPerRequestServlet.class, "/warm-up")
                .servlet(DownstreamCallingServlet.class, "/front")
                .jvmArgs(openTelemetryToZipkin(service)).start()) {
            TracedEcho.post(server, "/warm-up", "warm-up", "urn:warm-up");
            assertTrue(server.waitForOutput("with phase spans for requests over 0 ms", java.time.Duration.ofSeconds(30)),
                    server.output());
            assertTrue(server.waitForOutput("each SOAP call made is a span of its own", java.time.Duration.ofSeconds(30)),
                    server.output());
            for (int i = 0; i < 20; i++) {
                TracedEcho.post(server, "/echo", "phases " + i, ACTION);
            }
            List<JsonNode> all = List.of();
            List<JsonNode> servers = List.of();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (servers.size() < 20 && System.nanoTime() < deadline) {
                Thread.sleep(250);
                all = zipkin.spans(service, 1000);
                servers = all.stream().filter(s -> "/echo".equals(s.path("tags").path("url.path").asText())).toList();
            }
            assertEquals(20, servers.size(), "server spans");
            for (JsonNode parent : servers) {
                List<JsonNode> children = all.stream()
                        .filter(s -> parent.get("id").asText().equals(s.path("parentId").asText())).toList();
                List<String> names = children.stream().map(c -> c.get("name").asText()).toList();
                assertTrue(names.contains("soapscope soap.parse") && names.contains("soapscope soap.serialize"),
                        names + " under " + parent);
                long start = parent.get("timestamp").asLong();
                long end = start + parent.get("duration").asLong();
                long inPhases = 0;
                for (JsonNode c : children) {
                    long cs = c.get("timestamp").asLong();
                    long ce = cs + c.path("duration").asLong();
                    // the epoch offset is read to the millisecond
                    assertTrue(cs >= start - 1_000 && ce <= end + 1_000, c + " within " + parent);
                    assertEquals(c.get("name").asText(), "soapscope " + c.path("tags").path("soapscope.phase").asText());
                    inPhases += c.path("duration").asLong();
                }
                long duration = parent.path("tags").path("soapscope.duration.us").asLong();
                long other = parent.path("tags").path("soapscope.phase.other.us").asLong();
                assertTrue(Math.abs(inPhases - (duration - other)) <= children.size() + 2,
                        "phase spans " + inPhases + " us, phases but other " + (duration - other) + " us: " + parent);
            }
            seenInZipkinsUi(servers.get(servers.size() / 2).get("traceId").asText());

            // the calls, after the phase spans were counted: their downstream /echo requests are server spans too
            int requests = 10;
            for (int i = 0; i < requests; i++) {
                Http.Response r = Http.post(server.uri("/front?calls=2"), Soap.echoRequest("front " + i),
                        Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"urn:front\""));
                assertEquals(200, r.status(), r::toString);
            }
            all = List.of();
            List<JsonNode> fronts = List.of();
            deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline) {
                Thread.sleep(250);
                all = zipkin.spans(service, 1000);
                fronts = all.stream().filter(s -> "/front".equals(s.path("tags").path("url.path").asText())).toList();
                long calls = all.stream().filter(s -> s.path("name").asText().startsWith("soapscope call")).count();
                if (fronts.size() >= requests && calls >= 2L * requests) {
                    break;
                }
            }
            assertEquals(requests, fronts.size(), "front server spans");
            String peer = "127.0.0.1:" + server.port();
            for (JsonNode front : fronts) {
                String id = front.get("id").asText();
                List<JsonNode> children = all.stream().filter(s -> id.equals(s.path("parentId").asText())).toList();
                List<JsonNode> calls = children.stream()
                        .filter(s -> s.path("name").asText().equals("soapscope call {urn:soapscope:test}echo")).toList();
                List<JsonNode> http = children.stream().filter(s -> "CLIENT".equals(s.path("kind").asText())).toList();
                assertEquals(2, calls.size(), "soapscope's call spans under " + front + ": " + children);
                assertEquals(2, http.size(), "OpenTelemetry's HTTP client spans under " + front + ": " + children);
                for (JsonNode call : calls) {
                    JsonNode tags = call.get("tags");
                    assertEquals(peer, tags.path("soapscope.peer").asText(), call::toPrettyString);
                    assertTrue(tags.has("soapscope.phase.wait.us") && tags.has("soapscope.phase.soap_serialize.us"),
                            call::toPrettyString);
                }
                for (JsonNode h : http) { // each HTTP exchange lies within one of the calls, to the clock's millisecond
                    long hs = h.get("timestamp").asLong();
                    long he = hs + h.path("duration").asLong();
                    assertTrue(calls.stream().anyMatch(c -> c.get("timestamp").asLong() <= hs + 1_000
                                    && c.get("timestamp").asLong() + c.path("duration").asLong() >= he - 1_000),
                            h + " within one of " + calls);
                }
                assertTrue(front.path("tags").path("soapscope.phase.downstream.us").asLong() > 0, front::toPrettyString);
            }
        }
    }

    /**
     * Zipkin's own UI in headless Chromium shows the trace with soapscope's attributes and phase spans; its screenshot
     * is {@code target/screenshots/zipkin-trace.png} ({@code docs/zipkin-trace.png}, shown in docs/traces-and-jfr.md, is one).
     */
    private static void seenInZipkinsUi(String traceId) throws Exception {
        Path shots = Path.of("target", "screenshots");
        java.nio.file.Files.createDirectories(shots);
        Path profile = java.nio.file.Files.createTempDirectory("chromium-zipkin");
        String url = zipkin.base() + "/zipkin/traces/" + traceId;
        String dom = run(HeadlessChromium.command(profile, 1400, 1000, "--virtual-time-budget=15000", "--dump-dom", url));
        assertTrue(dom.contains("soapscope.phase.soap_parse.us") && dom.contains("soapscope soap.parse"),
                "Zipkin's trace page shows soapscope's attributes and phase spans:\n" + dom);
        run(HeadlessChromium.command(profile, 1400, 1900, "--virtual-time-budget=15000", // tall: the tags too
                "--screenshot=" + shots.resolve("zipkin-trace.png").toAbsolutePath(), url));
        assertTrue(java.nio.file.Files.size(shots.resolve("zipkin-trace.png")) > 10_000);
    }

    private static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0, command + ": " + out);
        return out;
    }

    /** The OpenTelemetry agent, after soapscope's or before it, exporting the service's spans to this Zipkin. */
    private static void exportingToZipkin(ForkedServer.Builder b, String service, boolean otelFirst) {
        TracedEcho.withAgent(b, Tracers.openTelemetryAgent(), otelFirst).jvmArgs(openTelemetryToZipkin(service));
    }

    private static String[] openTelemetryToZipkin(String service) {
        return new String[] {"-Dotel.service.name=" + service, "-Dotel.traces.exporter=zipkin",
                "-Dotel.exporter.zipkin.endpoint=" + zipkin.spansEndpoint(), "-Dotel.metrics.exporter=none",
                "-Dotel.logs.exporter=none", "-Dotel.bsp.schedule.delay=200"};
    }

    /** The service's SERVER spans, once Zipkin holds one per request (the exporter sends in batches). */
    private static List<JsonNode> awaitServerSpans(String service, ForkedServer server) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<JsonNode> server_spans = List.of();
        while (System.nanoTime() < deadline) {
            server_spans = zipkin.spans(service, 1000).stream()
                    .filter(s -> "SERVER".equals(s.path("kind").asText()))
                    .filter(s -> "/echo".equals(s.path("tags").path("url.path").asText()))
                    .toList();
            if (server_spans.size() >= N) {
                return server_spans;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(server_spans.size() + " server spans of " + N + " in Zipkin; server output:\n"
                + server.output() + "\nZipkin:\n" + zipkin.log());
    }
}
