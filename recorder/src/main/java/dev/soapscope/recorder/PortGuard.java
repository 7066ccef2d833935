package dev.soapscope.recorder;

import java.net.InetSocketAddress;

/**
 * Keeps the agent off the ports the application needs. The agent binds its endpoint on a thread of its own as the
 * application starts, the port guarded from before; if the application binds the same port (a {@code port=} setting
 * that names the application's own), the probes call {@link #beforeBind} from inside the JDK's bind, and the
 * endpoint lets the port go, or never binds it, before the application's bind runs. The application always gets its
 * port; the endpoint is what is lost.
 */
public final class PortGuard {
    private static volatile int guarded = -1;
    private static volatile Runnable yield;

    private PortGuard() {
    }

    /** The endpoint listens on {@code port}, or is to; {@code giveUp} closes it (and says so), freeing the port at once. */
    public static void guard(int port, Runnable giveUp) {
        yield = giveUp;
        guarded = port;
    }

    /**
     * Called with the arguments of every server-socket bind in the JVM ({@code ServerSocket#bind},
     * {@code sun.nio.ch.Net#bind}). Rare, so boxing the arguments costs nothing that matters.
     */
    public static void beforeBind(Object[] args) {
        try {
            int port = guarded;
            if (port <= 0 || args == null || portOf(args) != port || Recorder.THREADS.get().busy) {
                return; // busy: the agent's own thread (the endpoint binding the port it guards), no application's
            }
            Runnable r;
            synchronized (PortGuard.class) {
                r = yield;
                yield = null;
                guarded = -1;
            }
            if (r != null) {
                r.run();
            }
        } catch (Throwable e) {
            Log.warnOnce("port-guard", "checking a bind against the endpoint's port failed", e);
        }
    }

    /** The port a bind asks for: its socket address's, or else its last int (Net.bind's port). */
    static int portOf(Object[] args) {
        int last = -1;
        for (Object a : args) {
            if (a instanceof InetSocketAddress) {
                return ((InetSocketAddress) a).getPort();
            }
            if (a instanceof Integer) {
                last = (Integer) a;
            }
        }
        return last;
    }
}
