package dev.soapscope.recorder;

/**
 * Told of every stretch of time a request's thread spends in one phase, so that a sampler can tag its samples
 * with the phase (async-profiler spans). Called on the request's thread at every phase change while installed, with
 * the {@link System#nanoTime()} the recorder read there (a sink on the same clock needs no reading of its own): keep
 * it to an event write.
 */
public interface SegmentSink {
    /** A token marking the start of a segment at {@code nanoTime} (a timestamp, never 0; 0 for no segment). */
    long start(long nanoTime);

    /**
     * The first request or call this thread opens while this sink is installed, at {@code nanoTime}: the token of its
     * first segment. Asked again on the thread's next opening while it answers 0; later openings get {@link #start}.
     */
    default long opened(long nanoTime) {
        return start(nanoTime);
    }

    /**
     * {@link #end} of the segment begun at {@code start} and {@link #start} of the next, both at {@code nanoTime}: what
     * a phase change inside a request asks, in one call.
     */
    default long cut(long start, long nanoTime, int phase) {
        end(start, nanoTime, phase);
        return start(nanoTime);
    }

    /** The segment begun at {@code start} ended at {@code nanoTime}; the thread was in {@code phase} all along. */
    void end(long start, long nanoTime, int phase);

    /**
     * A segment of {@code nanos} ended that has no start token: it was under way when the sink was installed, or
     * {@link #start()} could not mark it then (0). By default it is skipped.
     */
    default void endUnmarked(long nanos, int phase) {
    }
}
