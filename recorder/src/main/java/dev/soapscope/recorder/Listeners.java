package dev.soapscope.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * An unchangeable set of request listeners, told through method handles the JIT cannot inline. A listener's branches
 * turn with what a profile or a Flight Recorder recording wants (an event begun or not, committed or not): inlined
 * into the request's end, each turn at a profile's start or stop sent the request's end back to the interpreter,
 * and it ran in C1 for minutes, through the next profile. A handle the JIT cannot take for a constant (a static
 * field that is not final) is called, never inlined, so each listener is compiled on its own and a turn there
 * recompiles the listener alone; one handle for all, so it is made ready for speed once per JVM.
 */
final class Listeners {
    static final Listeners NONE = new Listeners(new RequestListener[0]);
    /** Not final: see above. */
    private static MethodHandle onRequest = virtual(RequestListener.class, "onRequest",
            MethodType.methodType(void.class, CompletedRequest.class));
    private static MethodHandle opened = virtual(OpenListener.class, "opened",
            MethodType.methodType(Object.class, boolean.class));

    /**
     * Calls that make a handle ready: its first call spins classes and its 128th customizes it (a millisecond or more
     * each), which a request calling it would have counted as its own time.
     */
    private static final int WARM_CALLS = 130;
    private static boolean warmed;

    private final RequestListener[] listeners;

    private Listeners(RequestListener[] listeners) {
        this.listeners = listeners;
    }

    Listeners with(RequestListener listener) {
        RequestListener[] ls = new RequestListener[listeners.length + 1];
        System.arraycopy(listeners, 0, ls, 0, listeners.length);
        ls[listeners.length] = listener;
        return new Listeners(ls);
    }

    Listeners without(RequestListener listener) {
        for (int i = 0; i < listeners.length; i++) {
            if (listeners[i] == listener) {
                RequestListener[] ls = new RequestListener[listeners.length - 1];
                System.arraycopy(listeners, 0, ls, 0, i);
                System.arraycopy(listeners, i + 1, ls, i, ls.length - i);
                return new Listeners(ls);
            }
        }
        return this;
    }

    /** Tells each listener of {@code request}; one that fails is said once and the others are told all the same. */
    void tell(CompletedRequest request) {
        for (RequestListener l : listeners) {
            try {
                onRequest.invokeExact(l, request);
            } catch (Throwable e) {
                Log.warnOnce("listener:" + l.getClass().getName(), "request listener " + l.getClass().getName() + " failed", e);
            }
        }
    }

    /** {@link OpenListener#opened} of {@code listener}, called as the listeners are. */
    static Object opened(OpenListener listener, boolean call) throws Throwable {
        return (Object) opened.invokeExact(listener, call);
    }

    /** Readies the handles, once, on the thread that installs a listener, before any request calls them. */
    static synchronized void warm() {
        if (warmed) {
            return;
        }
        warmed = true;
        RequestListener none = new RequestListener() {
            @Override
            public void onRequest(CompletedRequest request) {
            }
        };
        OpenListener nothing = new OpenListener() {
            @Override
            public Object opened(boolean call) {
                return null;
            }
        };
        try {
            for (int i = 0; i < WARM_CALLS; i++) {
                onRequest.invokeExact(none, (CompletedRequest) null);
                opened(nothing, false);
            }
        } catch (Throwable e) {
            Log.warnOnce("listeners-warm", "could not ready the listener handles; the first requests count their first calls", e);
        }
    }

    /** A public interface method as a handle, for the not-inlined calls above. */
    private static MethodHandle virtual(Class<?> type, String name, MethodType signature) {
        try {
            return MethodHandles.publicLookup().findVirtual(type, name, signature);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
