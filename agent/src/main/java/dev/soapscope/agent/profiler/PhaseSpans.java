package dev.soapscope.agent.profiler;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SegmentSink;
import one.profiler.Recording;
import one.profiler.Span;

/**
 * Turns each exclusive phase segment into an async-profiler span tagged with the phase, so samples know their
 * phase. {@code endIfProfiled} writes a span only if a sample fell inside it: cheap between samples. A segment that
 * was under way when the recording started gets its span too: on a fresh JVM the first requests are slow (classes
 * loaded and instrumented), and a short first profile spends much of its time in such segments.
 */
final class PhaseSpans implements SegmentSink {
    private static final String[] TAGS = tags();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    @Override
    public long start() {
        return Span.start();
    }

    @Override
    public void end(long start, int phase) {
        Span.endIfProfiled(start, TAGS[phase]);
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
