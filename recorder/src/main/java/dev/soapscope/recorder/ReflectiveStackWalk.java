package dev.soapscope.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Iterator;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link StackWalk} without the agent's direct one: {@code StackWalker} through method handles on Java 9 and later,
 * as the recorder compiles for Java 8 (a walk reads only the frames looked at, a few microseconds, under 1 KB); on
 * Java 8 a whole stack trace filled in.
 */
final class ReflectiveStackWalk implements StackWalk {
    private final Object walker;
    private final MethodHandle walk;
    private final MethodHandle className;
    private final MethodHandle methodName;
    private final MethodHandle bytecodeIndex;
    private final MethodHandle toElement;

    private ReflectiveStackWalk(Object walker, MethodHandle walk, MethodHandle className, MethodHandle methodName,
                                MethodHandle bytecodeIndex, MethodHandle toElement) {
        this.walker = walker;
        this.walk = walk;
        this.className = className;
        this.methodName = methodName;
        this.bytecodeIndex = bytecodeIndex;
        this.toElement = toElement;
    }

    /** {@code StackWalker}'s, or null on Java 8. */
    static ReflectiveStackWalk ofStackWalker() {
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> walkerType = Class.forName("java.lang.StackWalker");
            Class<?> frameType = Class.forName("java.lang.StackWalker$StackFrame");
            Object walker = walkerType.getMethod("getInstance").invoke(null);
            // walk is caller-sensitive: the public lookup may not see it (it did not, and every walk went the Java 8
            // way), this class's own lookup may
            MethodHandle walk = MethodHandles.lookup()
                    .findVirtual(walkerType, "walk", MethodType.methodType(Object.class, Function.class))
                    .asType(MethodType.methodType(Object.class, Object.class, Function.class));
            return new ReflectiveStackWalk(walker, walk, getter(l, frameType, "getClassName", String.class),
                    getter(l, frameType, "getMethodName", String.class),
                    getter(l, frameType, "getByteCodeIndex", int.class),
                    getter(l, frameType, "toStackTraceElement", StackTraceElement.class));
        } catch (Throwable java8) {
            return null;
        }
    }

    private static MethodHandle getter(MethodHandles.Lookup l, Class<?> type, String name, Class<?> result)
            throws ReflectiveOperationException {
        return l.findVirtual(type, name, MethodType.methodType(result))
                .asType(MethodType.methodType(result, Object.class));
    }

    @Override
    public Object walk(final Function<Frames, Object> pick) {
        try {
            return (Object) walk.invokeExact(walker, (Function) new Function<Stream<?>, Object>() {
                @Override
                public Object apply(Stream<?> frames) {
                    return pick.apply(new WalkerFrames(frames.iterator()));
                }
            });
        } catch (Throwable e) {
            return pick.apply(new TraceFrames(new StackTraceElement[0]));
        }
    }

    @Override
    public StackTraceElement element(Object frame) {
        try {
            return frame == null ? null : (StackTraceElement) toElement.invokeExact(frame);
        } catch (Throwable e) {
            return null;
        }
    }

    /** The walker's frames, read through the method handles. */
    private final class WalkerFrames extends FramesOf<Object> {
        WalkerFrames(Iterator<?> frames) {
            super(frames);
        }

        @Override
        public String className() {
            try {
                return (String) className.invokeExact(frame);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public String methodName() {
            try {
                return (String) methodName.invokeExact(frame);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public int position() {
            try {
                return (int) bytecodeIndex.invokeExact(frame);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Java 8's walk: this thread's whole stack trace, filled in. */
    static final StackWalk WHOLE_TRACE = new StackWalk() {
        @Override
        public Object walk(Function<Frames, Object> pick) {
            return pick.apply(new TraceFrames(new Throwable().getStackTrace())); // its first frames are ours: passed over
        }

        @Override
        public StackTraceElement element(Object frame) {
            return frame instanceof StackTraceElement ? (StackTraceElement) frame : null;
        }
    };

    /** A filled-in stack trace's frames. */
    static final class TraceFrames implements Frames {
        private final StackTraceElement[] trace;
        private int i = -1;

        TraceFrames(StackTraceElement[] trace) {
            this.trace = trace;
        }

        @Override
        public boolean next() {
            return ++i < trace.length;
        }

        @Override
        public String className() {
            return trace[i].getClassName();
        }

        @Override
        public String methodName() {
            return trace[i].getMethodName();
        }

        @Override
        public int position() {
            return trace[i].getLineNumber();
        }

        @Override
        public Object frame() {
            return trace[i];
        }
    }
}
