package dev.soapscope.traces;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.RequestListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

import java.util.concurrent.TimeUnit;

/**
 * A SOAP call this JVM made, as a span of its own carrying the call's breakdown ({@code soapscope call <operation>}),
 * made when the call ends with its real start and end, as a child of the span current then (the request that made
 * it, if any). It cannot be the HTTP client span the tracer made for the call: that one ends with the HTTP exchange,
 * before the stack has parsed and unmarshalled the answer, so it is the call span's sibling, within it in time.
 * Nothing is made current: the tracer's own spans keep the parents they would have had.
 */
public final class CallSpans implements RequestListener {
    static final AttributeKey<String> PEER = AttributeKey.stringKey("soapscope.peer");

    private final Tracer tracer;

    public CallSpans(Tracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public void onRequest(CompletedRequest call) {
        Context parent = Context.current();
        long epochOffset = EpochClock.offsetNanos();
        long start = epochOffset + call.startNanoTime();
        Span span = tracer.spanBuilder("soapscope call " + call.operation()).setParent(parent)
                .setSpanKind(SpanKind.INTERNAL).setStartTimestamp(start, TimeUnit.NANOSECONDS).startSpan();
        if (span.isRecording()) {
            SpanAttributes.write(span, call);
            if (call.peer() != null) {
                span.setAttribute(PEER, call.peer());
            }
        }
        span.end(start + call.totalNanos(), TimeUnit.NANOSECONDS);
    }
}
