package dev.soapscope.traces;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;

/**
 * The {@code soapscope.*} attributes a request's span carries, named from the phase and hot-spot vocabularies
 * ({@code soapscope.phase.soap_parse.us}, {@code soapscope.hotspot.factory_create}). There is no semantic convention
 * for SOAP, hence a namespace of our own. Keys are made once: a request only boxes its values.
 */
final class SpanAttributes {
    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("soapscope.operation");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("soapscope.outcome");
    /** The request's time as soapscope measured it: its phases add up to it. */
    static final AttributeKey<Long> DURATION_US = AttributeKey.longKey("soapscope.duration.us");
    static final AttributeKey<Long> ALLOCATED_BYTES = AttributeKey.longKey("soapscope.alloc.bytes");
    private static final AttributeKey<Long>[] PHASE_US = phaseKeys();
    private static final AttributeKey<Long>[] HOTSPOTS = hotspotKeys();

    private SpanAttributes() {
    }

    /** {@code soapscope.phase.<tag>.us}, the tag's dots made underscores so that the name stays one segment. */
    static String phaseAttribute(Phase p) {
        return "soapscope.phase." + p.tag().replace('.', '_') + ".us";
    }

    static String hotspotAttribute(HotSpotKind k) {
        return "soapscope.hotspot." + k.tag().replace('.', '_');
    }

    static void write(Span span, CompletedRequest r) {
        span.setAttribute(OPERATION, r.operation());
        span.setAttribute(OUTCOME, r.outcome().tag());
        span.setAttribute(DURATION_US, r.totalNanos() / 1000);
        for (int p = 0; p < PHASE_US.length; p++) {
            long nanos = r.phaseNanos(p);
            if (nanos > 0) {
                span.setAttribute(PHASE_US[p], nanos / 1000);
            }
        }
        for (int k = 0; k < HOTSPOTS.length; k++) {
            int n = r.hotspots(k);
            if (n > 0) {
                span.setAttribute(HOTSPOTS[k], (long) n);
            }
        }
        if (r.allocationMeasured()) {
            span.setAttribute(ALLOCATED_BYTES, r.allocatedBytes());
        }
    }

    @SuppressWarnings("unchecked")
    private static AttributeKey<Long>[] phaseKeys() {
        AttributeKey<Long>[] keys = new AttributeKey[Phase.COUNT];
        for (Phase p : Phase.values()) {
            keys[p.ordinal()] = AttributeKey.longKey(phaseAttribute(p));
        }
        return keys;
    }

    @SuppressWarnings("unchecked")
    private static AttributeKey<Long>[] hotspotKeys() {
        AttributeKey<Long>[] keys = new AttributeKey[HotSpotKind.COUNT];
        for (HotSpotKind k : HotSpotKind.values()) {
            keys[k.ordinal()] = AttributeKey.longKey(hotspotAttribute(k));
        }
        return keys;
    }
}
