package dev.soapscope.agent.profiler;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SegmentSink;
import one.profiler.Span;

/**
 * Turns each exclusive phase segment into an async-profiler span tagged with the phase, so samples know their
 * phase. {@code endIfProfiled} writes a span only if a sample fell inside it: cheap between samples.
 */
final class PhaseSpans implements SegmentSink {
    private static final String[] TAGS = tags();

    @Override
    public long start() {
        return Span.start();
    }

    @Override
    public void end(long start, int phase) {
        Span.endIfProfiled(start, TAGS[phase]);
    }

    private static String[] tags() {
        String[] tags = new String[Phase.COUNT];
        for (Phase p : Phase.values()) {
            tags[p.ordinal()] = p.tag();
        }
        return tags;
    }
}
