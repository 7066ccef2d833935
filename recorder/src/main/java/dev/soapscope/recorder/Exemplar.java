package dev.soapscope.recorder;

import dev.soapscope.config.SeriesBudget;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A traced request that landed in one bucket of its operation's duration histogram: the trace a latency panel links
 * to. Made only where a tracer saw the request ({@code traces}); one kept per bucket, a recent one, so memory is bounded
 * by the series budget whatever clients send.
 */
public final class Exemplar {
    /** Bucket lines per timer: one per bound of {@link SeriesBudget#BUCKET_MICROS}, then +Inf. */
    public static final int BUCKETS = SeriesBudget.BUCKET_MICROS.length + 1;
    /**
     * A bucket's exemplar is replaced at most this often: far more often than anything scrapes, and a busy operation
     * does not make an object per request.
     */
    static final long REFRESH_MILLIS = 1000;

    private final String traceId;
    private final String spanId;
    private final long nanos;
    private final long epochMillis;

    Exemplar(String traceId, String spanId, long nanos, long epochMillis) {
        this.traceId = traceId;
        this.spanId = spanId;
        this.nanos = nanos;
        this.epochMillis = epochMillis;
    }

    public String traceId() {
        return traceId;
    }

    public String spanId() {
        return spanId;
    }

    /** The request's duration, which falls in this exemplar's bucket. */
    public long nanos() {
        return nanos;
    }

    public long epochMillis() {
        return epochMillis;
    }

    /** The metrics bucket ({@code le}) a duration counts in: the first bound it does not exceed, else +Inf. */
    public static int bucket(long nanos) {
        long[] micros = SeriesBudget.BUCKET_MICROS;
        for (int b = 0; b < micros.length; b++) {
            if (nanos <= micros[b] * 1000) {
                return b;
            }
        }
        return micros.length;
    }

    /** Per outcome and bucket, the latest exemplar; made the first time a traced request ends in an operation. */
    static final class Slots {
        private final AtomicReferenceArray<Exemplar> slots = new AtomicReferenceArray<Exemplar>(Outcome.COUNT * BUCKETS);

        void offer(Outcome outcome, Exemplar e) {
            slots.set(outcome.ordinal() * BUCKETS + bucket(e.nanos), e);
        }

        Exemplar get(Outcome outcome, int bucket) {
            return slots.get(outcome.ordinal() * BUCKETS + bucket);
        }
    }
}
