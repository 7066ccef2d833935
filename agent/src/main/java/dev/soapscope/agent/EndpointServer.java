package dev.soapscope.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/** Serves the {@link Endpoint} over HTTP with the JDK's own server, on one named daemon thread. */
final class EndpointServer {
    private final HttpServer server;

    private EndpointServer(HttpServer server) {
        this.server = server;
    }

    /** Starts serving, or logs one line and returns null: a busy port must not stop the application. */
    static EndpointServer start(String host, int port, Endpoint endpoint) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 16);
            server.createContext("/", new Handler(endpoint));
            server.setExecutor(Executors.newSingleThreadExecutor(new DaemonThreads("soapscope-endpoint")));
            startOnDaemonThread(server);
            return new EndpointServer(server);
        } catch (Throwable e) {
            Log.warn("cannot serve the endpoint on " + host + ":" + port + " (" + e
                    + "); recording goes on; choose another port with port=N or -Dsoapscope.port=N");
            return null;
        }
    }

    /** The JDK server's dispatcher thread inherits daemon status from the thread that starts it. */
    private static void startOnDaemonThread(final HttpServer server) throws InterruptedException {
        Thread starter = new DaemonThreads("soapscope-endpoint-start").newThread(new Runnable() {
            @Override
            public void run() {
                server.start();
            }
        });
        starter.start();
        starter.join();
    }

    String address() {
        InetSocketAddress a = server.getAddress();
        return a.getHostString() + ":" + a.getPort();
    }

    int port() {
        return server.getAddress().getPort();
    }

    private static final class Handler implements HttpHandler {
        private final Endpoint endpoint;

        Handler(Endpoint endpoint) {
            this.endpoint = endpoint;
        }

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            try {
                String method = exchange.getRequestMethod();
                boolean head = "HEAD".equals(method);
                Endpoint.Response r = "GET".equals(method) || head
                        ? endpoint.get(exchange.getRequestURI().getPath())
                        : Endpoint.methodNotAllowed(method);
                byte[] body = r.body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", r.contentType);
                if (r.status == 405) {
                    exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                }
                exchange.sendResponseHeaders(r.status, head ? -1 : body.length);
                if (!head) {
                    OutputStream out = exchange.getResponseBody();
                    out.write(body);
                    out.close();
                }
            } catch (Throwable e) {
                Log.warnOnce("endpoint:" + e.getClass().getName(), "endpoint request failed", e);
                exchange.sendResponseHeaders(500, -1);
            } finally {
                exchange.close();
            }
        }
    }

    /** Named daemon threads: the agent never keeps a JVM alive. */
    static final class DaemonThreads implements ThreadFactory {
        private final String name;

        DaemonThreads(String name) {
            this.name = name;
        }

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        }
    }
}
