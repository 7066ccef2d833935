package dev.soapscope.traces;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;

/**
 * Puts each request's breakdown on the span the tracing agent made for it: the one current on the request's thread
 * when soapscope records the request's end, which is still inside the server span whenever soapscope's servlet advice
 * runs inside the tracer's (see {@link #outsideSpan}). Never renames the span, never starts one unless phase spans are
 * asked for, and keeps a sampled request as its duration bucket's exemplar.
 */
public final class SpanBreakdown implements RequestListener {
    private final PhaseSpans phaseSpans;
    private final CallSpans calls;
    private final String tracerName;
    private volatile boolean anyInside;
    private volatile boolean toldOutside;

    /**
     * @param tracerName the tracing agent soapscope found, for log lines
     * @param phaseSpansOverNanos requests slower than this get their phases as child spans; negative: never
     */
    public SpanBreakdown(String tracerName, long phaseSpansOverNanos) {
        this.tracerName = tracerName;
        Tracer tracer = GlobalOpenTelemetry.getTracer("soapscope");
        this.phaseSpans = phaseSpansOverNanos < 0 ? null : new PhaseSpans(tracer, phaseSpansOverNanos);
        this.calls = new CallSpans(tracer);
        if (phaseSpans != null) {
            Recorder.keepTimelines(true);
        }
    }

    /** What tells the recorder's call listeners of the SOAP calls this JVM makes: each becomes a span. */
    public RequestListener calls() {
        return calls;
    }

    @Override
    public void onRequest(CompletedRequest request) {
        Span span = Span.current();
        SpanContext context = span.getSpanContext();
        if (!context.isValid()) {
            if (!request.asynchronous()) { // one completed on another thread has no span there: no sign of order
                outsideSpan(request);
            }
            return;
        }
        anyInside = true;
        if (!span.isRecording()) {
            return; // not sampled: nothing will be kept of it
        }
        SpanAttributes.write(span, request);
        if (context.isSampled()) {
            Recorder.offerExemplar(request, context.getTraceId(), context.getSpanId());
            if (phaseSpans != null) {
                phaseSpans.emit(request);
            }
        }
    }

    /**
     * A request ended with no span current: the tracer made none for it, or it had already ended it, which happens
     * where its servlet advice runs inside soapscope's (its {@code -javaagent} given first) and it makes the server
     * span there. Said once, only while no request has been seen inside a span.
     */
    private void outsideSpan(CompletedRequest request) {
        if (anyInside || toldOutside) {
            return;
        }
        toldOutside = true;
        Log.warn("traces: request " + request.operation() + " ended outside any " + tracerName + " span, so its"
                + " breakdown is not on the trace. If its requests are traced, give -javaagent:soapscope-agent.jar"
                + " before the " + tracerName + " agent's -javaagent (soapscope's advice then runs inside the span)");
    }
}
