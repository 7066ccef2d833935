package dev.soapscope.traces;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.Phase;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

import java.util.concurrent.TimeUnit;

/**
 * A slow request's phases as child spans of its span, made after the fact with their real start and end
 * ({@code traces.phase.spans.over.ms}): only for sampled requests over the threshold, and at most
 * {@code Timeline.MAX} per request, so span volume stays bounded. Time no phase claims ({@code other}) is left as the
 * gaps between them.
 */
final class PhaseSpans {
    static final AttributeKey<String> PHASE = AttributeKey.stringKey("soapscope.phase");
    static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey("soapscope.phase_spans.truncated");
    private static final String[] NAMES = names();

    private final Tracer tracer;
    private final long overNanos;

    PhaseSpans(Tracer tracer, long overNanos) {
        this.tracer = tracer;
        this.overNanos = overNanos;
    }

    void emit(CompletedRequest r) {
        int n = r.timelineSize();
        if (r.totalNanos() <= overNanos || n == 0) {
            return;
        }
        long epochOffset = EpochClock.offsetNanos();
        Context parent = Context.current();
        for (int i = 0; i < n; i++) {
            int phase = r.timelinePhase(i);
            if (phase == Phase.OTHER.ordinal()) {
                continue;
            }
            Span s = tracer.spanBuilder(NAMES[phase]).setParent(parent).setSpanKind(SpanKind.INTERNAL)
                    .setStartTimestamp(epochOffset + r.timelineStart(i), TimeUnit.NANOSECONDS)
                    .setAttribute(PHASE, Phase.of(phase).tag()).startSpan();
            s.end(epochOffset + r.timelineEnd(i), TimeUnit.NANOSECONDS);
        }
        if (r.timelineTruncated()) {
            Span.fromContext(parent).setAttribute(TRUNCATED, true);
        }
    }

    private static String[] names() {
        String[] names = new String[Phase.COUNT];
        for (Phase p : Phase.values()) {
            names[p.ordinal()] = "soapscope " + p.tag();
        }
        return names;
    }
}
