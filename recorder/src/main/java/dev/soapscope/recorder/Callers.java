package dev.soapscope.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Iterator;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Finds the caller of a hot-spot event: below soapscope's own frames and the instrumented method itself (the frame
 * the advice is inlined in; the filter's wrappers are called by the application itself, so nothing is skipped below
 * them), the first frame outside the JDK that is a class initializer or no {@link CallerFrames known
 * wrapper}, and no constructor called by a constructor (a subclass's, chaining to its super class: a generated JAX-WS
 * {@code Service}'s, say), since the code to act on is the one that builds the object. On Java 9+ a {@code StackWalker} reads only those few frames (a few microseconds, under 1 KB); on Java 8
 * the whole stack is filled in. Reached by reflection, as the recorder compiles for Java 8.
 */
final class Callers {
    /** Frames looked at before giving up: a caller is within a few frames of the event. */
    static final int MAX_FRAMES = 64;

    private static final Object WALKER;
    private static final MethodHandle WALK;
    private static final MethodHandle CLASS_NAME;
    private static final MethodHandle METHOD_NAME;
    private static final MethodHandle BYTECODE_INDEX;
    private static final MethodHandle TO_ELEMENT;

    static {
        Object walker = null;
        MethodHandle walk = null, className = null, methodName = null, bci = null, toElement = null;
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> walkerType = Class.forName("java.lang.StackWalker");
            Class<?> frameType = Class.forName("java.lang.StackWalker$StackFrame");
            walker = walkerType.getMethod("getInstance").invoke(null);
            // walk is caller-sensitive: the public lookup may not see it (it did not, and every walk went the Java 8
            // way), this class's own lookup may
            walk = MethodHandles.lookup()
                    .findVirtual(walkerType, "walk", MethodType.methodType(Object.class, Function.class))
                    .asType(MethodType.methodType(Object.class, Object.class, Function.class));
            className = getter(l, frameType, "getClassName", String.class);
            methodName = getter(l, frameType, "getMethodName", String.class);
            bci = getter(l, frameType, "getByteCodeIndex", int.class);
            toElement = getter(l, frameType, "toStackTraceElement", StackTraceElement.class);
        } catch (Throwable java8) {
            walker = null; // Java 8: Throwable.getStackTrace below
        }
        WALKER = walker;
        WALK = walk;
        CLASS_NAME = className;
        METHOD_NAME = methodName;
        BYTECODE_INDEX = bci;
        TO_ELEMENT = toElement;
    }

    /** Frames looked at for the application's line past the stacks: a CXF call's socket is some 60 frames down. */
    static final int MAX_APPLICATION_FRAMES = 256;

    /** Picks the caller from the walker's frames; stateless, so one instance serves every walk. */
    private static final Function<Stream<?>, Object> PICK = picker(false);
    /** As {@link #PICK}, past the SOAP stacks and HTTP clients too. */
    private static final Function<Stream<?>, Object> PICK_APPLICATION = picker(true);

    private static Function<Stream<?>, Object> picker(final boolean pastStacks) {
        return new Function<Stream<?>, Object>() {
            @Override
            public Object apply(Stream<?> frames) {
                try {
                    return pick(frames.iterator(), pastStacks);
                } catch (Throwable e) {
                    return Caller.NONE;
                }
            }
        };
    }

    private Callers() {
    }

    private static MethodHandle getter(MethodHandles.Lookup l, Class<?> type, String name, Class<?> result)
            throws ReflectiveOperationException {
        return l.findVirtual(type, name, MethodType.methodType(result))
                .asType(MethodType.methodType(result, Object.class));
    }

    /** Whether callers are found with a {@code StackWalker} (Java 9+), not by filling in the whole stack. */
    static boolean walksFrames() {
        return WALKER != null;
    }

    /** The caller of the event being recorded now. */
    static Caller find() {
        return find(false);
    }

    /**
     * The caller of the event being recorded now; with {@code pastStacks}, the application's frame that made the call,
     * past the SOAP stacks and HTTP clients ({@link CallerFrames#isClientStack}).
     */
    static Caller find(boolean pastStacks) {
        try {
            if (WALKER != null) {
                return (Caller) (Object) WALK.invokeExact(WALKER, (Function) (pastStacks ? PICK_APPLICATION : PICK));
            }
            StackTraceElement[] frames = new Throwable().getStackTrace();
            return pickElements(frames, pastStacks);
        } catch (Throwable e) {
            return Caller.NONE;
        }
    }

    private static Caller pick(Iterator<?> frames, boolean pastStacks) throws Throwable {
        boolean pastOurs = false;
        boolean calledDirectly = false;
        boolean inConstructor = false;
        int max = pastStacks ? MAX_APPLICATION_FRAMES : MAX_FRAMES;
        for (int i = 0; i < max && frames.hasNext(); i++) {
            Object f = frames.next();
            String cls = (String) CLASS_NAME.invokeExact(f);
            if (!pastOurs) {
                if (CallerFrames.isOurs(cls)) {
                    calledDirectly = CallerFrames.isCalledDirectly(cls);
                    continue;
                }
                pastOurs = true;
                if (!calledDirectly) {
                    inConstructor = CONSTRUCTOR.equals((String) METHOD_NAME.invokeExact(f));
                    continue; // this one is the instrumented method the advice is inlined in: never its own caller
                }
            }
            String method = (String) METHOD_NAME.invokeExact(f);
            boolean chained = inConstructor && CONSTRUCTOR.equals(method);
            inConstructor = CONSTRUCTOR.equals(method);
            if (CallerFrames.isJdk(cls) || chained || pastStacks && CallerFrames.isClientStack(cls)) {
                continue; // the JDK's own class initializers are not the code to act on
            }
            boolean init = "<clinit>".equals(method);
            if (init || !CallerFrames.isWrapper(cls) && !CallerFrames.isAccessor(method)) {
                return new Caller(cls, method, (int) BYTECODE_INDEX.invokeExact(f), init, f);
            }
        }
        return Caller.NONE;
    }

    private static final String CONSTRUCTOR = "<init>";

    private static Caller pickElements(StackTraceElement[] frames, boolean pastStacks) {
        boolean pastOurs = false;
        boolean calledDirectly = false;
        boolean inConstructor = false;
        int max = pastStacks ? MAX_APPLICATION_FRAMES : MAX_FRAMES;
        for (int i = 0; i < frames.length && i < max; i++) {
            StackTraceElement f = frames[i];
            String cls = f.getClassName();
            if (!pastOurs) {
                if (CallerFrames.isOurs(cls)) {
                    calledDirectly = CallerFrames.isCalledDirectly(cls);
                    continue;
                }
                pastOurs = true;
                if (!calledDirectly) {
                    inConstructor = CONSTRUCTOR.equals(f.getMethodName());
                    continue;
                }
            }
            boolean chained = inConstructor && CONSTRUCTOR.equals(f.getMethodName());
            inConstructor = CONSTRUCTOR.equals(f.getMethodName());
            if (CallerFrames.isJdk(cls) || chained || pastStacks && CallerFrames.isClientStack(cls)) {
                continue;
            }
            boolean init = "<clinit>".equals(f.getMethodName());
            if (init || !CallerFrames.isWrapper(cls) && !CallerFrames.isAccessor(f.getMethodName())) {
                return new Caller(cls, f.getMethodName(), f.getLineNumber(), init, f);
            }
        }
        return Caller.NONE;
    }

    /** The file and line of a frame {@link #find()} returned, or null. */
    static StackTraceElement element(Object frame) {
        try {
            if (frame instanceof StackTraceElement) {
                return (StackTraceElement) frame;
            }
            return frame == null || TO_ELEMENT == null ? null : (StackTraceElement) TO_ELEMENT.invokeExact(frame);
        } catch (Throwable e) {
            return null;
        }
    }
}
