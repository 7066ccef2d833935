package dev.soapscope.recorder;

/**
 * Told of every stretch of time a request's thread spends in one phase, so that a sampler can tag its samples
 * with the phase (async-profiler spans). Called on the request's thread at every phase switch while installed:
 * keep it to a timestamp read and an event write.
 */
public interface SegmentSink {
    /** A token marking the start of a segment (a timestamp, never 0). */
    long start();

    /** The segment begun at {@code start} ended; the thread was in {@code phase} all along. */
    void end(long start, int phase);

    /**
     * A segment of {@code nanos} ended that has no start token: it was under way when the sink was installed, or
     * {@link #start()} could not mark it then (0). By default it is skipped.
     */
    default void endUnmarked(long nanos, int phase) {
    }
}
