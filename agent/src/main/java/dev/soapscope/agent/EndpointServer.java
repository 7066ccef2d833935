package dev.soapscope.agent;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;

import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Serves the {@link Endpoint} and the profiling routes over HTTP/1.1 (or HTTPS), one request per connection. Not the
 * JDK's {@code HttpServer}: it reads a request head with no time limit on a worker, so two stalled clients (or one and
 * a running profile) left no worker for scrapes, and its timeouts are JVM-wide system properties that would change
 * an application's own servers. Here a connection's request head is read in the acceptor's selector, holding no
 * worker however slowly it comes (at most {@link #MAX_WAITING} wait; past that the longest waiting is dropped), and a
 * worker takes the whole head (over TLS, a worker takes the connection at its first bytes, for the handshake);
 * a client has {@link #HEAD_MILLIS} from connecting to send its request head (and finish the TLS handshake) and
 * {@link #RESPONSE_MILLIS} to take the answer; the acceptor closes connections past their deadline, and answers 503
 * at once when every worker is busy. A profile holds one worker; only one profile runs at a time.
 */
final class EndpointServer {
    static final int WORKERS = 8;
    static final int BACKLOG = 64;
    static final int MAX_WAITING = 256;
    static final int HEAD_MILLIS = 5_000;
    static final int RESPONSE_MILLIS = 60_000;
    /** How often the acceptor looks for connections past their deadline. */
    private static final int SWEEP_MILLIS = 250;

    private final ServerSocketChannel channel;
    /** The address asked for: a channel bound to 0.0.0.0 reports the IPv6 wildcard. */
    private final InetAddress bound;
    private final Selector selector;
    private final EndpointConnection.Handler handler;
    private final EndpointTls tls;
    private final ThreadPoolExecutor workers;
    private final Set<EndpointConnection> open = ConcurrentHashMap.<EndpointConnection>newKeySet();
    /** Connections whose request head is not all here yet, oldest first; the acceptor's alone. */
    private final LinkedHashMap<SocketChannel, Waiting> waiting = new LinkedHashMap<SocketChannel, Waiting>();
    private volatile boolean closed;
    private volatile Thread acceptor;

    private EndpointServer(ServerSocketChannel channel, InetAddress bound, Selector selector,
                           EndpointConnection.Handler handler, EndpointTls tls) {
        this.channel = channel;
        this.bound = bound;
        this.selector = selector;
        this.handler = handler;
        this.tls = tls;
        this.workers = new ThreadPoolExecutor(0, WORKERS, 30, TimeUnit.SECONDS, new SynchronousQueue<Runnable>(),
                new DaemonThreads("soapscope-endpoint-worker"));
    }

    /**
     * Starts serving, or logs one line and returns null: the endpoint failing must not stop the application.
     * {@code credentials} null: none asked; {@code tls} null serves plain HTTP.
     */
    static EndpointServer start(String host, int port, Credentials credentials, List<String> hostsAllowed,
                                EndpointTls tls, Endpoint endpoint, ProfileRoutes profiles,
                                ProfileSessionRoutes sessions) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            Log.warn("cannot serve the endpoint: host=" + host + " is not a name or address this machine knows ("
                    + e.getMessage() + "); recording goes on; set host to an address of this machine, such as 127.0.0.1");
            return null;
        }
        ServerSocketChannel channel = null;
        Selector selector = null;
        try {
            channel = ServerSocketChannel.open();
            channel.socket().bind(new InetSocketAddress(address, port), BACKLOG);
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_ACCEPT);
            EndpointServer server = new EndpointServer(channel, address, selector,
                    new EndpointConnection.Handler(new EndpointAccess(address, credentials, hostsAllowed), endpoint,
                            profiles, sessions), tls);
            server.acceptor = new DaemonThreads("soapscope-endpoint").newThread(server::acceptLoop);
            server.acceptor.start();
            return server;
        } catch (Throwable e) {
            close(channel);
            close(selector);
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
        return hostPort(bound, channel.socket().getLocalPort());
    }

    int port() {
        return channel.socket().getLocalPort();
    }

    /** The endpoint's base URL, such as {@code https://127.0.0.1:9404}. */
    String url() {
        return (tls == null ? "http://" : "https://") + address();
    }

    /** What the endpoint's start says of who may read it: null when it serves loopback only. */
    String openness() {
        return handler.access.warning(url());
    }

    /** Stops listening and drops open connections: the port is free when this returns. */
    void close() {
        closed = true;
        selector.wakeup();
        close(channel);
        for (EndpointConnection c : open) {
            c.close();
        }
        workers.shutdownNow();
        Thread a = acceptor;
        if (a != null && a != Thread.currentThread()) {
            try {
                a.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void acceptLoop() {
        try {
            while (!closed) {
                selector.select(SWEEP_MILLIS);
                List<SocketChannel> ready = new ArrayList<SocketChannel>();
                for (SelectionKey key : selector.selectedKeys()) {
                    if (key.isValid() && key.isAcceptable()) {
                        accept();
                    } else if (key.isValid() && key.isReadable() && headCame((SocketChannel) key.channel())) {
                        key.cancel(); // a worker takes it once it leaves the selector
                        ready.add((SocketChannel) key.channel());
                    }
                }
                selector.selectedKeys().clear();
                if (!ready.isEmpty()) {
                    selector.selectNow(); // deregisters the cancelled keys, so the channels can block again
                    for (SocketChannel c : ready) {
                        hand(c, waiting.remove(c));
                    }
                }
                closeOverdue();
            }
        } catch (Throwable e) {
            if (!closed) {
                Log.warnOnce("endpoint:accept", "the endpoint stopped accepting connections", e);
                close();
            }
        } finally {
            for (SocketChannel c : waiting.keySet()) {
                close(c);
            }
            close(selector);
        }
    }

    private void accept() throws IOException {
        SocketChannel c;
        while ((c = channel.accept()) != null) {
            if (waiting.size() >= MAX_WAITING) {
                Iterator<SocketChannel> oldest = waiting.keySet().iterator();
                close(oldest.next());
                oldest.remove();
            }
            c.configureBlocking(false);
            c.register(selector, SelectionKey.OP_READ);
            waiting.put(c, new Waiting(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HEAD_MILLIS)));
        }
    }

    /**
     * Reads what a waiting connection sent: true once a worker should take it (its head is all here, or too long,
     * or over TLS its first bytes came); a connection its client closed is dropped.
     */
    private boolean headCame(SocketChannel c) {
        Waiting w = waiting.get(c);
        if (w == null || tls != null) {
            return w != null;
        }
        try {
            if (c.read(w.head) < 0) {
                waiting.remove(c);
                close(c);
                return false;
            }
        } catch (IOException gone) {
            waiting.remove(c);
            close(c);
            return false;
        }
        return w.complete() || !w.head.hasRemaining();
    }

    private void hand(SocketChannel c, Waiting w) {
        if (w == null) {
            close(c);
            return;
        }
        EndpointConnection connection;
        try {
            c.configureBlocking(true);
            connection = new EndpointConnection(c.socket(), tls, handler, open, w.deadline,
                    tls == null ? w.text() : null);
        } catch (IOException | RuntimeException e) {
            close(c);
            return;
        }
        try {
            workers.execute(connection);
        } catch (RejectedExecutionException busy) {
            connection.refuseBusy();
        }
    }

    private void closeOverdue() {
        long now = System.nanoTime();
        for (Iterator<Map.Entry<SocketChannel, Waiting>> it = waiting.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<SocketChannel, Waiting> w = it.next();
            if (now - w.getValue().deadline > 0) {
                close(w.getKey());
                it.remove();
            }
        }
        for (EndpointConnection c : open) {
            if (c.overdue(now)) {
                c.close();
            }
        }
    }

    /** A connection whose head is on its way: its deadline and what came so far. */
    private static final class Waiting {
        final long deadline;
        final ByteBuffer head = ByteBuffer.allocate(EndpointConnection.MAX_HEAD_BYTES);

        Waiting(long deadline) {
            this.deadline = deadline;
        }

        /** Whether the head's blank line came. */
        boolean complete() {
            byte[] b = head.array();
            for (int i = 1; i < head.position(); i++) {
                if (b[i] == '\n' && (b[i - 1] == '\n' || i >= 3 && b[i - 1] == '\r' && b[i - 2] == '\n' && b[i - 3] == '\r')) {
                    return true;
                }
            }
            return false;
        }

        /** The head, or null when it is too long. */
        String text() {
            return complete() ? new String(head.array(), 0, head.position(), StandardCharsets.ISO_8859_1) : null;
        }
    }

    private static void close(Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing: nothing to do about it
            }
        }
    }
}
