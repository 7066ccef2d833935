package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.traces.SpanBreakdown;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * What putting a request's breakdown on its span costs ({@code traces}): a full request ({@link OneRequest#serve()})
 * inside a sampled server span that a tracer starts, makes current and ends, without soapscope's listener
 * ({@code span}) and with it ({@code span+breakdown}: the attributes and the exemplar). The difference is soapscope's
 * cost. The tracer is the OpenTelemetry SDK in this JVM, or, when the fork runs under the OpenTelemetry agent
 * ({@code -javaagent}), the agent's own, reached through its bridge as in production. Without a tracer there is no
 * listener at all: the cost is {@link RecorderBenchmark}'s.
 */
@State(org.openjdk.jmh.annotations.Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TraceBenchmark {
    /** Set in a fork that runs under the OpenTelemetry agent: its tracer, not an SDK of ours. */
    static final String UNDER_AGENT = "soapscope.bench.underOtelAgent";

    @Param({"span", "span+breakdown"})
    public String mode;

    private Tracer tracer;
    private SpanBreakdown breakdown;

    @Setup(Level.Trial)
    public void configure() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        if (!Boolean.getBoolean(UNDER_AGENT)) {
            // sampled and recording, exported nowhere: the tracer's own cost without an exporter's
            GlobalOpenTelemetry.set(OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().build()).build());
        }
        tracer = GlobalOpenTelemetry.getTracer("bench");
        if (mode.equals("span+breakdown")) {
            breakdown = new SpanBreakdown("bench", -1);
            Recorder.addListener(breakdown);
        }
        Span probe = tracer.spanBuilder("probe").startSpan();
        if (!probe.isRecording()) {
            throw new IllegalStateException("the tracer records no span: nothing would be measured");
        }
        probe.end();
    }

    @Benchmark
    public void tracedRequest() {
        Span server = tracer.spanBuilder("POST /svc").setSpanKind(SpanKind.SERVER).startSpan();
        try (Scope ignored = server.makeCurrent()) {
            OneRequest.serve();
        } finally {
            server.end();
        }
    }
}
