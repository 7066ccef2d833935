package dev.soapscope.recorder;

import java.util.function.Function;

/**
 * The calling thread's frames, newest first, as a hot-spot event's caller is picked from them ({@link Callers}). The
 * agent hands the recorder one that calls {@code StackWalker} directly on Java 11 and later
 * ({@link Recorder#walkStacksWith}); until then, or without it, the recorder reaches {@code StackWalker} through
 * method handles (Java 9 and 10; setting those up costs a JVM's start about 15 ms) or fills in a whole stack trace
 * (Java 8).
 */
public interface StackWalk {
    /** Calls {@code pick} with this thread's frames, from the caller of this method on, and returns its answer. */
    Object walk(Function<Frames, Object> pick);

    /** The file and line of a frame {@link Frames#frame()} gave, or null. */
    StackTraceElement element(Object frame);

    /** A cursor over frames: {@link #next()} moves to the next one, the others read the current one. */
    interface Frames {
        boolean next();

        String className();

        String methodName();

        /** The bytecode index where the walker has one, else the line number. */
        int position();

        /** The frame itself, kept to read its file and line later ({@link StackWalk#element}). */
        Object frame();
    }

    /** {@link Frames} over a walker's iterator: moving is shared, reading a frame is the walk's own. */
    abstract class FramesOf<F> implements Frames {
        private final java.util.Iterator<? extends F> frames;
        /** The current frame; null before the first {@link #next()} and after the last. */
        protected F frame;

        protected FramesOf(java.util.Iterator<? extends F> frames) {
            this.frames = frames;
        }

        @Override
        public final boolean next() {
            frame = frames.hasNext() ? frames.next() : null;
            return frame != null;
        }

        @Override
        public final Object frame() {
            return frame;
        }
    }
}
