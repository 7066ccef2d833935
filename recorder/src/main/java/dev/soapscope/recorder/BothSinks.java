package dev.soapscope.recorder;

/**
 * Two segment sinks told of the same segments: the profiler's (its token is the segment's) and the Flight Recorder
 * phase events' (which keep their own per-thread state and need no token).
 */
final class BothSinks implements SegmentSink {
    private final SegmentSink first;
    private final SegmentSink second;

    private BothSinks(SegmentSink first, SegmentSink second) {
        this.first = first;
        this.second = second;
    }

    /** {@code first}, {@code second}, both, or null when neither is set. */
    static SegmentSink of(SegmentSink first, SegmentSink second) {
        return first == null ? second : second == null ? first : new BothSinks(first, second);
    }

    @Override
    public long start(long nanoTime) {
        second.start(nanoTime);
        return first.start(nanoTime);
    }

    @Override
    public long opened(long nanoTime) {
        second.opened(nanoTime);
        return first.opened(nanoTime);
    }

    @Override
    public void end(long start, long nanoTime, int phase) {
        first.end(start, nanoTime, phase);
        second.end(1, nanoTime, phase);
    }

    @Override
    public void endUnmarked(long nanos, int phase) {
        first.endUnmarked(nanos, phase);
        second.end(1, 0, phase);
    }
}
