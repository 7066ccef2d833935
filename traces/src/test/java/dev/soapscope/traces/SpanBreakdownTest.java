package dev.soapscope.traces;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.Exemplar;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The listener on the real recorder and the real OpenTelemetry SDK (as a tracing agent would provide it): what a
 * request's span carries, what an unsampled one and one with no span get, and the phase spans of a slow request.
 */
class SpanBreakdownTest {
    private static final String OP = "urn:unit";
    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;
    private SpanBreakdown listener;

    private void start(Sampler sampler, long phaseSpansOverNanos) {
        sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().setSampler(sampler)
                .addSpanProcessor(SimpleSpanProcessor.create(exported)).build()).build();
        GlobalOpenTelemetry.resetForTest();
        GlobalOpenTelemetry.set(sdk);
        listener = new SpanBreakdown("test", phaseSpansOverNanos);
        Recorder.addListener(listener);
        Recorder.addCallListener(listener.calls());
    }

    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @AfterEach
    void stop() {
        Recorder.removeListener(listener);
        Recorder.removeCallListener(listener.calls());
        Recorder.keepTimelines(false);
        GlobalOpenTelemetry.resetForTest();
        sdk.close();
    }

    /** A request under a server span: some SOAP parsing, two factories made, then serializing. */
    private void request(Tracer tracer, long parseNanos) {
        Span server = tracer.spanBuilder("POST /svc").startSpan();
        try (Scope ignored = server.makeCurrent()) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, OP);
            Recorder.enter(Phase.SOAP_PARSE);
            busy(parseNanos);
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "unit");
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "unit");
            Recorder.exit(Phase.SOAP_PARSE);
            Recorder.enter(Phase.SOAP_SERIALIZE);
            busy(100_000);
            Recorder.exit(Phase.SOAP_SERIALIZE);
            Recorder.requestEnd(token, 200, false);
        } finally {
            server.end();
        }
    }

    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            LockSupport.parkNanos(Math.min(50_000, end - System.nanoTime()));
        }
    }

    private static int opIndex() {
        OperationTable ops = Recorder.aggregates().operations();
        for (int i = 0; i < ops.size(); i++) {
            if (OP.equals(ops.name(i))) {
                return i;
            }
        }
        throw new AssertionError(OP + " not recorded");
    }

    private SpanData serverSpan() {
        return exported.getFinishedSpanItems().stream().filter(s -> s.getName().equals("POST /svc")).findFirst()
                .orElseThrow();
    }

    @Test
    void theServerSpanCarriesTheBreakdownAndStaysNamedAsItWas() {
        start(Sampler.alwaysOn(), -1);
        request(sdk.getTracer("app"), 2_000_000);
        SpanData span = serverSpan();
        assertEquals("POST /svc", span.getName());
        assertEquals(OP, span.getAttributes().get(AttributeKey.stringKey("soapscope.operation")));
        assertEquals("success", span.getAttributes().get(AttributeKey.stringKey("soapscope.outcome")));
        assertEquals(2L, span.getAttributes().get(AttributeKey.longKey("soapscope.hotspot.factory_create")));
        long parse = span.getAttributes().get(AttributeKey.longKey("soapscope.phase.soap_parse.us"));
        assertTrue(parse >= 2_000, "parse " + parse);
        long sum = span.getAttributes().asMap().entrySet().stream()
                .filter(e -> e.getKey().getKey().startsWith("soapscope.phase.")).mapToLong(e -> (Long) e.getValue()).sum();
        long duration = span.getAttributes().get(AttributeKey.longKey("soapscope.duration.us"));
        assertTrue(sum <= duration && sum >= duration - Phase.COUNT, sum + " of " + duration);
        assertNull(span.getAttributes().get(AttributeKey.longKey("soapscope.phase.invoke.us")), "phases not entered: none");
        assertNotNull(span.getAttributes().get(AttributeKey.longKey("soapscope.alloc.bytes")));
        assertEquals(1, exported.getFinishedSpanItems().size(), "no phase spans unless asked for");

        int op = opIndex();
        Exemplar e = Recorder.aggregates().stats(op).exemplar(Outcome.SUCCESS, Exemplar.bucket(duration * 1000 + 999));
        assertNotNull(e, "the sampled request is its bucket's exemplar");
        assertEquals(span.getTraceId(), e.traceId());
        assertEquals(span.getSpanId(), e.spanId());
    }

    /** A call made while serving: its own span beside the HTTP client span a tracer makes, child of the request's. */
    @Test
    void aCallMadeIsASpanOfItsOwnWithItsBreakdown() {
        start(Sampler.alwaysOn(), -1);
        Tracer app = sdk.getTracer("app");
        Span server = app.spanBuilder("POST /front").startSpan();
        try (Scope ignored = server.makeCurrent()) {
            int request = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:front");
            int call = Calls.clientStart();
            Naming.nameRequest(NameSource.STACK, "{urn:x}echo");
            Calls.clientPeer("http://127.0.0.1:8080/echo");
            Recorder.enter(Phase.WAIT);
            busy(2_000_000);
            Recorder.exit(Phase.WAIT);
            Calls.clientEnd(call, null);
            Recorder.requestEnd(request, 200, false);
        } finally {
            server.end();
        }
        SpanData frontSpan = exported.getFinishedSpanItems().stream().filter(s -> s.getName().equals("POST /front"))
                .findFirst().orElseThrow();
        SpanData callSpan = exported.getFinishedSpanItems().stream()
                .filter(s -> s.getName().equals("soapscope call {urn:x}echo")).findFirst().orElseThrow();
        assertEquals(frontSpan.getSpanId(), callSpan.getParentSpanId());
        assertEquals("127.0.0.1:8080", callSpan.getAttributes().get(CallSpans.PEER));
        assertEquals("success", callSpan.getAttributes().get(AttributeKey.stringKey("soapscope.outcome")));
        long wait = callSpan.getAttributes().get(AttributeKey.longKey("soapscope.phase.wait.us"));
        assertTrue(wait >= 2_000, "wait " + wait);
        long spanNanos = callSpan.getEndEpochNanos() - callSpan.getStartEpochNanos();
        assertEquals(callSpan.getAttributes().get(AttributeKey.longKey("soapscope.duration.us")), spanNanos / 1000);
        assertTrue(frontSpan.getAttributes().get(AttributeKey.longKey("soapscope.phase.downstream.us")) >= 2_000);
    }

    @Test
    void anUnsampledRequestGetsNothingAndIsNoExemplar() {
        start(Sampler.alwaysOff(), 0);
        request(sdk.getTracer("app"), 100_000);
        assertTrue(exported.getFinishedSpanItems().isEmpty());
        Aggregates a = Recorder.aggregates();
        int op = opIndex();
        for (int b = 0; b < Exemplar.BUCKETS; b++) {
            assertNull(a.stats(op).exemplar(Outcome.SUCCESS, b));
        }
    }

    /** Recorded as ever, and the order that would put it inside the span is said once, with no request seen inside. */
    @Test
    void aRequestWithNoSpanIsRecordedAsEverAndTheOrderToGiveIsSaidOnce() {
        start(Sampler.alwaysOn(), -1);
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(said, true));
        try {
            for (int i = 0; i < 2; i++) {
                int token = Recorder.requestStart();
                Naming.nameRequest(NameSource.SOAP_ACTION, OP);
                Recorder.requestEnd(token, 200, false);
            }
        } finally {
            System.setErr(err);
        }
        String lines = said.toString();
        assertTrue(lines.contains("[soapscope] WARN traces: request " + OP + " ended outside any test span")
                && lines.contains("give -javaagent:soapscope-agent.jar before the test agent's -javaagent"), lines);
        assertEquals(1, lines.lines().count(), "said once: " + lines);
        int op = opIndex();
        assertTrue(op != OperationTable.NO_REQUEST);
        assertEquals(2, Recorder.aggregates().stats(op).requests());
        assertTrue(exported.getFinishedSpanItems().isEmpty());
    }

    @Test
    void aSlowRequestsPhasesBecomeChildSpansWithTheirRealTimes() {
        // over 250 ms: far above the fast request, so a loaded machine's stall cannot push it over
        start(Sampler.alwaysOn(), 250_000_000);
        Tracer app = sdk.getTracer("app");
        request(app, 100_000); // fast: no phase spans
        assertEquals(1, exported.getFinishedSpanItems().size());
        exported.reset();
        request(app, 300_000_000);
        SpanData server = serverSpan();
        List<SpanData> phases = exported.getFinishedSpanItems().stream().filter(s -> s != server)
                .collect(Collectors.toList());
        assertEquals(List.of("soapscope soap.parse", "soapscope soap.serialize"),
                phases.stream().map(SpanData::getName).collect(Collectors.toList()));
        SpanData parse = phases.get(0);
        SpanData serialize = phases.get(1);
        assertEquals(server.getSpanId(), parse.getParentSpanId());
        assertEquals(server.getTraceId(), parse.getTraceId());
        assertEquals("soap.parse", parse.getAttributes().get(PhaseSpans.PHASE));
        long parseNanos = parse.getEndEpochNanos() - parse.getStartEpochNanos();
        assertTrue(parseNanos >= 300_000_000, "parse span " + parseNanos + " ns");
        assertTrue(serialize.getStartEpochNanos() >= parse.getEndEpochNanos(), "in order, not overlapping");
        // within the server span, give or take the millisecond the epoch offset is read at
        assertTrue(parse.getStartEpochNanos() >= server.getStartEpochNanos() - 1_000_000);
        assertTrue(serialize.getEndEpochNanos() <= server.getEndEpochNanos() + 1_000_000);
        assertNull(server.getAttributes().get(PhaseSpans.TRUNCATED));
    }
}
