package dev.soapscope.agent.profiler;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SegmentSink;
import one.profiler.Recording;
import one.profiler.Span;

/**
 * Turns each exclusive phase segment into an async-profiler span tagged with the phase, so samples know their
 * phase. {@code emitIfProfiled} writes a span only if a sample fell inside it: cheap between samples. A segment that
 * was under way when the recording started gets its span too: on a fresh JVM the first requests are slow (classes
 * loaded and instrumented), and a short first profile spends much of its time in such segments.
 * <p>
 * When the recording's clock counts nanoseconds ({@link #calibrate()}: the monotonic clock, from its own origin), a
 * span's ends are the recorder's own clock readings moved to that origin: no second reading per phase change.
 * Otherwise (a TSC clock) each end reads the recording's clock.
 */
final class PhaseSpans implements SegmentSink {
    private static final String[] TAGS = tags();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** The recording's clock minus {@link System#nanoTime()}, when it counts nanoseconds. */
    private volatile long offset;
    private volatile boolean nanoClock;

    /**
     * Once the recording runs: whether its clock ticks in nanoseconds, and where it starts. Reads both clocks a few
     * times and keeps the tightest pair, within a few tens of nanoseconds: nothing next to 1 ms between samples.
     */
    void calibrate() {
        if (Recording.clockFrequency() != NANOS_PER_SECOND || Span.start() == 0) {
            return;
        }
        long best = Long.MAX_VALUE;
        long bestOffset = 0;
        for (int i = 0; i < 5; i++) {
            long before = System.nanoTime();
            long ticks = Recording.timestamp();
            long after = System.nanoTime();
            if (after - before < best) {
                best = after - before;
                bestOffset = ticks - (before + (after - before) / 2);
            }
        }
        offset = bestOffset;
        nanoClock = true;
    }

    @Override
    public long start(long nanoTime) {
        if (nanoClock) {
            return nanoTime + offset;
        }
        return Span.start();
    }

    /**
     * The recording's own reading, on the thread's first request under this sink: {@link Span#start()} also sets up
     * the thread's record of its last sample, without which {@code emitIfProfiled} would pass over the samples of its
     * first segment. Once set up, the record stays: later requests start as any segment does.
     */
    @Override
    public long opened(long nanoTime) {
        return Span.start();
    }

    @Override
    public void end(long start, long nanoTime, int phase) {
        if (nanoClock) {
            Span.emitIfProfiled(start, nanoTime + offset, TAGS[phase]);
        } else {
            Span.endIfProfiled(start, TAGS[phase]);
        }
    }

    /**
     * Written whole, back-dated on the recording's clock: {@code endIfProfiled} cannot tell whether a sample fell in
     * a segment that began before this thread's first {@link Span#start()} of the recording.
     */
    @Override
    public void endUnmarked(long nanos, int phase) {
        long now = Span.start();
        if (now == 0) {
            return; // no recording runs (yet)
        }
        long frequency = Recording.clockFrequency();
        long ticks = frequency == NANOS_PER_SECOND ? nanos : (long) (nanos * (frequency / (double) NANOS_PER_SECOND));
        Span.emit(Math.max(1, now - ticks), now, TAGS[phase]);
    }

    private static String[] tags() {
        String[] tags = new String[Phase.COUNT];
        for (Phase p : Phase.values()) {
            tags[p.ordinal()] = p.tag();
        }
        return tags;
    }
}
