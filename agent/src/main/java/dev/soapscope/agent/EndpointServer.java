package dev.soapscope.agent;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;

import java.io.IOException;
import java.net.BindException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Serves the {@link Endpoint} and the profiling routes over HTTP/1.1, one request per connection. Not the JDK's
 * {@code HttpServer}: it reads a request head with no time limit on a worker, so two stalled clients (or one and a
 * running profile) left no worker for scrapes, and its timeouts are JVM-wide system properties that would change
 * an application's own servers. Here a client has {@link #HEAD_MILLIS} to send its request head and
 * {@link #RESPONSE_MILLIS} to take the answer; the acceptor closes connections past their deadline, and answers
 * 503 at once when every worker is busy. A profile holds one worker; only one profile runs at a time.
 */
final class EndpointServer {
    static final int WORKERS = 8;
    static final int BACKLOG = 16;
    static final int HEAD_MILLIS = 5_000;
    static final int RESPONSE_MILLIS = 60_000;
    /** How often the acceptor looks for connections past their deadline. */
    private static final int SWEEP_MILLIS = 250;

    private final ServerSocket socket;
    private final EndpointConnection.Handler handler;
    private final ThreadPoolExecutor workers;
    private final Set<EndpointConnection> open = ConcurrentHashMap.<EndpointConnection>newKeySet();
    private volatile boolean closed;
    private volatile Thread acceptor;

    private EndpointServer(ServerSocket socket, EndpointConnection.Handler handler) {
        this.socket = socket;
        this.handler = handler;
        this.workers = new ThreadPoolExecutor(0, WORKERS, 30, TimeUnit.SECONDS, new SynchronousQueue<Runnable>(),
                new DaemonThreads("soapscope-endpoint-worker"));
    }

    /** Starts serving, or logs one line and returns null: the endpoint failing must not stop the application. */
    static EndpointServer start(String host, int port, Endpoint endpoint, ProfileRoutes profiles,
                                ProfileSessionRoutes sessions) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            Log.warn("cannot serve the endpoint: host=" + host + " is not a name or address this machine knows ("
                    + e.getMessage() + "); recording goes on; set host to an address of this machine, such as 127.0.0.1");
            return null;
        }
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.setSoTimeout(SWEEP_MILLIS);
            socket.bind(new InetSocketAddress(address, port), BACKLOG);
            EndpointServer server = new EndpointServer(socket, new EndpointConnection.Handler(endpoint, profiles, sessions));
            server.acceptor = new DaemonThreads("soapscope-endpoint").newThread(server::acceptLoop);
            server.acceptor.start();
            return server;
        } catch (Throwable e) {
            close(socket);
            Log.warn("cannot serve the endpoint on " + hostPort(address, port) + " (" + e + "); recording goes on; "
                    + (e instanceof BindException && isInUse(e)
                    ? "choose another port with port=N or -Dsoapscope.port=N"
                    : "host=" + host + " must be an address of this machine (127.0.0.1, or 0.0.0.0 for all)"));
            return null;
        }
    }

    private static boolean isInUse(Throwable e) {
        return String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("in use");
    }

    /** {@code host:port}, with IPv6 addresses in brackets as URLs want them. */
    static String hostPort(InetAddress address, int port) {
        String host = address.getHostAddress();
        int zone = host.indexOf('%');
        if (address instanceof Inet6Address) {
            host = "[" + (zone >= 0 ? host.substring(0, zone) : host) + "]";
        }
        return host + ":" + port;
    }

    String address() {
        return hostPort(socket.getInetAddress(), socket.getLocalPort());
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Stops listening and drops open connections: the port is free when this returns. */
    void close() {
        closed = true;
        close(socket);
        for (EndpointConnection c : open) {
            c.close();
        }
        workers.shutdownNow();
        Thread a = acceptor;
        if (a != null && a != Thread.currentThread()) {
            try {
                // a socket closed while a thread waits in accept() is released when that thread leaves it
                a.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = socket.accept();
            } catch (SocketTimeoutException sweep) {
                closeOverdue();
                continue;
            } catch (Throwable e) {
                if (!closed) {
                    Log.warnOnce("endpoint:accept", "the endpoint stopped accepting connections", e);
                    close();
                }
                return;
            }
            closeOverdue();
            final EndpointConnection c = new EndpointConnection(client, handler, open);
            try {
                workers.execute(c);
            } catch (RejectedExecutionException busy) {
                c.refuseBusy();
            }
        }
    }

    private void closeOverdue() {
        long now = System.nanoTime();
        for (EndpointConnection c : open) {
            if (c.overdue(now)) {
                c.close();
            }
        }
    }

    private static void close(ServerSocket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing: nothing to do about it
            }
        }
    }
}
