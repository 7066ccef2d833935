package dev.soapscope.recorder;

/**
 * A segment sink the JIT calls and never inlines, as {@link Listeners} are: the sink's branches turn as a profile
 * starts (async-profiler's recording not running yet while its sink is already in place) and, inlined into every
 * compiled method that switches phases, Tomcat's and the stacks' among them, each turn sent all of those back to the
 * interpreter at every profile's start. Each call here has seen three sink classes before it carries a real sink's
 * (class initialization, interleaved), so its type profile is megamorphic with no major receiver: C2 compiles an interface
 * dispatch, no guess about the sink's class, and a turn recompiles the sink's own method alone. (Non-constant method
 * handles did the same at about twice the cost, most of the profiling's share of OpenCMIS's request samples.) What a
 * sink throws is said once; the segment is lost, never the request.
 */
final class OpaqueSink implements SegmentSink {
    /**
     * Rounds of calls on the three sink classes: enough that the calls' type profiles see all three whether C1's
     * profiled code or, while C1's queue is long, the interpreter records them (about a millisecond a thousand rounds).
     */
    private static final int WARM_ROUNDS = 5_000;

    private final SegmentSink sink;

    private OpaqueSink(SegmentSink sink) {
        this.sink = sink;
    }

    static {
        // in the profiler's or Flight Recorder's thread that first sets a sink, not in a request
        OpaqueSink[] warm = {new OpaqueSink(new Warm()), new OpaqueSink(new Warm() {
        }), new OpaqueSink(new Warm() {
        })};
        for (int i = 0; i < WARM_ROUNDS; i++) {
            for (OpaqueSink s : warm) {
                s.start(0);
                s.opened(0);
                s.end(0, 0, 0);
                s.cut(0, 0, 0);
                s.endUnmarked(0, 0);
            }
        }
    }

    /** {@code sink} behind calls the JIT does not inline; null stays null (no sink). */
    static SegmentSink of(SegmentSink sink) {
        return sink == null ? null : new OpaqueSink(sink);
    }

    @Override
    public long start(long nanoTime) {
        try {
            return sink.start(nanoTime);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public long opened(long nanoTime) {
        try {
            return sink.opened(nanoTime);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public void end(long startToken, long nanoTime, int phase) {
        try {
            sink.end(startToken, nanoTime, phase);
        } catch (Throwable e) {
            failed(e);
        }
    }

    @Override
    public long cut(long startToken, long nanoTime, int phase) {
        try {
            return sink.cut(startToken, nanoTime, phase);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public void endUnmarked(long nanos, int phase) {
        try {
            sink.endUnmarked(nanos, phase);
        } catch (Throwable e) {
            failed(e);
        }
    }

    private static void failed(Throwable e) {
        Log.warnOnce("segment-sink", "the phase segment sink failed; its spans are missing", e);
    }

    /** A sink that does nothing; three classes of it make the calls above megamorphic. */
    private static class Warm implements SegmentSink {
        @Override
        public long start(long nanoTime) {
            return 0;
        }

        @Override
        public long opened(long nanoTime) {
            return 0;
        }

        @Override
        public long cut(long start, long nanoTime, int phase) {
            return 0;
        }

        @Override
        public void end(long startToken, long nanoTime, int phase) {
        }

        @Override
        public void endUnmarked(long nanos, int phase) {
        }
    }
}
