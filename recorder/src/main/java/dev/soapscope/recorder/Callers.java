package dev.soapscope.recorder;

import java.util.function.Function;

/**
 * Finds the caller of a hot-spot event: below soapscope's own frames and the instrumented method itself (the frame
 * the advice is inlined in; the filter's wrappers are called by the application itself, so nothing is skipped below
 * them), the first frame outside the JDK that is a class initializer or no {@link CallerFrames known
 * wrapper}, and no constructor called by a constructor (a subclass's, chaining to its super class: a generated JAX-WS
 * {@code Service}'s, say), since the code to act on is the one that builds the object. The frames come from the
 * {@link StackWalk} the agent set ({@code StackWalker}, called directly), else from {@link ReflectiveStackWalk}, set
 * up at the first walk that needs it.
 */
final class Callers {
    /** Frames looked at before giving up: a caller is within a few frames of the event. */
    static final int MAX_FRAMES = 64;
    /** Frames looked at for the application's line past the stacks: a CXF call's socket is some 60 frames down. */
    static final int MAX_APPLICATION_FRAMES = 256;

    /** The walk the agent set, or null. */
    private static volatile StackWalk direct;

    /** Picks the caller from a walk's frames; stateless, so one instance serves every walk. */
    private static final Function<StackWalk.Frames, Object> PICK = picker(false);
    /** As {@link #PICK}, past the SOAP stacks and HTTP clients too. */
    private static final Function<StackWalk.Frames, Object> PICK_APPLICATION = picker(true);

    private static Function<StackWalk.Frames, Object> picker(final boolean pastStacks) {
        return new Function<StackWalk.Frames, Object>() {
            @Override
            public Object apply(StackWalk.Frames frames) {
                try {
                    return pick(frames, pastStacks);
                } catch (Throwable e) {
                    return Caller.NONE;
                }
            }
        };
    }

    private Callers() {
    }

    /** The recorder's own walk, made when first needed: nobody pays for its method handles when the agent set one. */
    private static final class Reflective {
        static final ReflectiveStackWalk WALKER = ReflectiveStackWalk.ofStackWalker();
        static final StackWalk WALK = WALKER != null ? WALKER : ReflectiveStackWalk.WHOLE_TRACE;
    }

    /** Walks with {@code walk} from now on (null: the recorder's own way again). */
    static void walkWith(StackWalk walk) {
        direct = walk;
    }

    private static StackWalk walk() {
        StackWalk d = direct;
        return d != null ? d : Reflective.WALK;
    }

    /** Whether callers are found by walking frames (a {@code StackWalker}, Java 9+), not by filling in a whole stack. */
    static boolean walksFrames() {
        return direct != null || Reflective.WALKER != null;
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
            Object found = walk().walk(pastStacks ? PICK_APPLICATION : PICK);
            return found instanceof Caller ? (Caller) found : Caller.NONE;
        } catch (Throwable e) {
            return Caller.NONE;
        }
    }

    static Caller pick(StackWalk.Frames frames, boolean pastStacks) {
        boolean pastOurs = false;
        boolean calledDirectly = false;
        boolean inConstructor = false;
        int max = pastStacks ? MAX_APPLICATION_FRAMES : MAX_FRAMES;
        for (int i = 0; i < max && frames.next(); i++) {
            String cls = frames.className();
            if (!pastOurs) {
                if (CallerFrames.isOurs(cls)) {
                    calledDirectly = CallerFrames.isCalledDirectly(cls);
                    continue;
                }
                pastOurs = true;
                if (!calledDirectly) {
                    inConstructor = CONSTRUCTOR.equals(frames.methodName());
                    continue; // this one is the instrumented method the advice is inlined in: never its own caller
                }
            }
            String method = frames.methodName();
            boolean chained = inConstructor && CONSTRUCTOR.equals(method);
            inConstructor = CONSTRUCTOR.equals(method);
            if (CallerFrames.isJdk(cls) || chained || pastStacks && CallerFrames.isClientStack(cls)) {
                continue; // the JDK's own class initializers are not the code to act on
            }
            boolean init = "<clinit>".equals(method);
            if (init || !CallerFrames.isWrapper(cls) && !CallerFrames.isAccessor(method)) {
                return new Caller(cls, method, frames.position(), init, frames.frame());
            }
        }
        return Caller.NONE;
    }

    private static final String CONSTRUCTOR = "<init>";

    /** The file and line of a frame {@link #find()} returned, or null. */
    static StackTraceElement element(Object frame) {
        try {
            if (frame instanceof StackTraceElement) {
                return (StackTraceElement) frame;
            }
            return frame == null ? null : walk().element(frame);
        } catch (Throwable e) {
            return null;
        }
    }
}
