package dev.soapscope.agent.stackwalk;

import dev.soapscope.recorder.StackWalk;

import java.util.Iterator;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The frames a hot spot's caller is picked from, read by calling {@code StackWalker} directly: the recorder, compiled
 * for Java 8, would reach it through method handles, whose set-up and first, interpreted calls cost a start about
 * 15 ms. A Java 11 class like the Flight Recorder events, which the agent loads only on Java 11 and later.
 */
public final class DirectStackWalk implements StackWalk {
    private static final StackWalker WALKER = StackWalker.getInstance();

    @Override
    public Object walk(Function<Frames, Object> pick) {
        return WALKER.walk(new Picking(pick));
    }

    @Override
    public StackTraceElement element(Object frame) {
        return frame instanceof StackWalker.StackFrame ? ((StackWalker.StackFrame) frame).toStackTraceElement() : null;
    }

    /** Hands the walker's stream to the recorder's pick as a cursor. */
    private static final class Picking implements Function<Stream<StackWalker.StackFrame>, Object> {
        private final Function<Frames, Object> pick;

        Picking(Function<Frames, Object> pick) {
            this.pick = pick;
        }

        @Override
        public Object apply(Stream<StackWalker.StackFrame> frames) {
            return pick.apply(new Cursor(frames.iterator()));
        }
    }

    private static final class Cursor extends FramesOf<StackWalker.StackFrame> {
        Cursor(Iterator<StackWalker.StackFrame> frames) {
            super(frames);
        }

        @Override
        public String className() {
            return frame.getClassName();
        }

        @Override
        public String methodName() {
            return frame.getMethodName();
        }

        @Override
        public int position() {
            return frame.getByteCodeIndex();
        }
    }
}
