package dev.soapscope.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * A segment sink told through method handles the JIT cannot inline, as {@link Listeners} are: the sink's branches
 * turn as a profile starts (async-profiler's recording not running yet while its sink is already in place) and,
 * inlined into every compiled method that switches phases, Tomcat's and the stacks' among them, each turn sent all
 * of those back to the interpreter at every profile's start. Behind a handle, a turn recompiles the sink's own method
 * alone. What a sink throws is said once; the segment is lost, never the request.
 */
final class OpaqueSink implements SegmentSink {
    /** Not final, so never constants to the JIT (see {@link Listeners}). */
    private static MethodHandle start = Listeners.virtual(SegmentSink.class, "start",
            MethodType.methodType(long.class, long.class));
    private static MethodHandle opened = Listeners.virtual(SegmentSink.class, "opened",
            MethodType.methodType(long.class, long.class));
    private static MethodHandle end = Listeners.virtual(SegmentSink.class, "end",
            MethodType.methodType(void.class, long.class, long.class, int.class));
    private static MethodHandle cut = Listeners.virtual(SegmentSink.class, "cut",
            MethodType.methodType(long.class, long.class, long.class, int.class));
    private static MethodHandle endUnmarked = Listeners.virtual(SegmentSink.class, "endUnmarked",
            MethodType.methodType(void.class, long.class, int.class));

    private final SegmentSink sink;

    private OpaqueSink(SegmentSink sink) {
        this.sink = sink;
    }

    static {
        // made ready at class initialization, in the profiler's or Flight Recorder's thread that first sets a sink, not
        // in a request: a handle's first call spins classes and its 128th customizes it (see Listeners.WARM_CALLS)
        OpaqueSink ready = new OpaqueSink(new SegmentSink() {
            @Override
            public long start(long nanoTime) {
                return 0;
            }

            @Override
            public void end(long startToken, long nanoTime, int phase) {
            }
        });
        for (int i = 0; i < Listeners.WARM_CALLS; i++) {
            ready.start(0);
            ready.opened(0);
            ready.end(0, 0, 0);
            ready.cut(0, 0, 0);
            ready.endUnmarked(0, 0);
        }
    }

    /** {@code sink} behind handles; null stays null (no sink). */
    static SegmentSink of(SegmentSink sink) {
        return sink == null ? null : new OpaqueSink(sink);
    }

    @Override
    public long start(long nanoTime) {
        try {
            return (long) start.invokeExact(sink, nanoTime);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public long opened(long nanoTime) {
        try {
            return (long) opened.invokeExact(sink, nanoTime);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public void end(long startToken, long nanoTime, int phase) {
        try {
            end.invokeExact(sink, startToken, nanoTime, phase);
        } catch (Throwable e) {
            failed(e);
        }
    }

    @Override
    public long cut(long startToken, long nanoTime, int phase) {
        try {
            return (long) cut.invokeExact(sink, startToken, nanoTime, phase);
        } catch (Throwable e) {
            failed(e);
            return 0;
        }
    }

    @Override
    public void endUnmarked(long nanos, int phase) {
        try {
            endUnmarked.invokeExact(sink, nanos, phase);
        } catch (Throwable e) {
            failed(e);
        }
    }

    private static void failed(Throwable e) {
        Log.warnOnce("segment-sink", "the phase segment sink failed; its spans are missing", e);
    }
}
