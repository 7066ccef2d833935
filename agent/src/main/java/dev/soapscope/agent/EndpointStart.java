package dev.soapscope.agent;

import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.PortGuard;

import java.util.function.Supplier;

/**
 * Binds the endpoint off the application's main thread (premain hands it to a daemon thread once the probes are in)
 * and keeps the promise that the application comes first: the endpoint's port is guarded before that thread starts,
 * so an application that binds it first finds the endpoint never bound, and one that binds it later takes it from the
 * endpoint, as ever. The agent's own bind is no application's ({@link PortGuard} passes over the agent's threads).
 */
final class EndpointStart {
    private final int port;
    private EndpointServer server; // guarded by this
    private boolean givenUp; // guarded by this

    /** Guards {@code port} at once; 0 (any free port) is guarded once bound, when it is known. */
    EndpointStart(int port) {
        this.port = port;
        if (port > 0) {
            PortGuard.guard(port, this::giveUp);
        }
    }

    /** Binds through {@code start} unless the application took the port first: null then, or when start failed. */
    EndpointServer bind(Supplier<EndpointServer> start) {
        EndpointServer bound;
        synchronized (this) {
            if (givenUp) {
                return null;
            }
            bound = start.get();
            server = bound;
        }
        if (bound == null) {
            PortGuard.guard(-1, null); // nothing bound, nothing to give up: a later bind of the port is no news
        } else if (port <= 0) {
            PortGuard.guard(bound.port(), this::giveUp);
        }
        return bound;
    }

    /** Whether the application bound the port before the endpoint could. */
    synchronized boolean tookPort() {
        return givenUp && server == null;
    }

    /** On the application's thread, inside its bind: the endpoint lets the port go before the bind goes on. */
    private void giveUp() {
        EndpointServer bound;
        synchronized (this) {
            givenUp = true;
            bound = server;
        }
        if (bound == null) {
            Log.warn("the application binds port " + port + ", which the endpoint was to have: the endpoint is off;"
                    + " recording goes on; choose a free port with port=N");
            return;
        }
        String address = bound.address();
        int had = bound.port();
        bound.close();
        Log.warn("the application binds port " + had + ", which the endpoint had (" + address
                + "): the endpoint gives it up and is off; recording goes on; choose a free port with port=N");
    }
}
