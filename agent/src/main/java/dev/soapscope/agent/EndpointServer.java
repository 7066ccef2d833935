package dev.soapscope.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/**
 * Serves the {@link Endpoint} and the profiling routes over HTTP with the JDK's own server, on two named daemon
 * threads (so that a scrape is answered while a profile is being taken).
 */
final class EndpointServer {
    private final HttpServer server;

    private EndpointServer(HttpServer server) {
        this.server = server;
    }

    /** Starts serving, or logs one line and returns null: a busy port must not stop the application. */
    static EndpointServer start(String host, int port, Endpoint endpoint, ProfileRoutes profiles) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 16);
            server.createContext("/", new Handler(endpoint, profiles));
            server.setExecutor(Executors.newFixedThreadPool(2, new DaemonThreads("soapscope-endpoint")));
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
        private final ProfileRoutes profiles;

        Handler(Endpoint endpoint, ProfileRoutes profiles) {
            this.endpoint = endpoint;
            this.profiles = profiles;
        }

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            try {
                String method = exchange.getRequestMethod();
                boolean head = "HEAD".equals(method);
                String path = exchange.getRequestURI().getPath();
                ProfileRoutes.Reply r;
                if (!"GET".equals(method) && !head) {
                    Endpoint.Response no = Endpoint.methodNotAllowed(method);
                    r = new ProfileRoutes.Reply(no.status, no.contentType, no.body);
                    exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                } else if (profiles.handles(path)) {
                    r = profiles.get(path, exchange.getRequestURI().getRawQuery());
                } else {
                    Endpoint.Response doc = endpoint.get(path);
                    r = new ProfileRoutes.Reply(doc.status, doc.contentType, doc.body);
                }
                byte[] body = r.body;
                exchange.getResponseHeaders().set("Content-Type", r.contentType);
                if (r.fileName != null) {
                    exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + r.fileName + "\"");
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
}
