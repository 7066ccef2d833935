package dev.soapscope.agent;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLSocket;

/**
 * One client connection of the {@link EndpointServer}: reads a request head within its deadline, answers one
 * GET or HEAD, and closes. Bad input gets a 4xx with a line saying what was wrong; nothing a client sends is
 * echoed except as bounded printable text.
 */
final class EndpointConnection implements Runnable {
    static final int MAX_HEAD_BYTES = 8 * 1024;

    /** The TCP connection: closing it ends any read or write on it, TLS or not. */
    private final Socket tcp;
    private final EndpointTls tls;
    private final Handler handler;
    private final Set<EndpointConnection> open;
    /** What the request is read from and the answer written to: {@link #tcp}, or TLS over it. */
    private Socket socket;
    /** {@link System#nanoTime()} after which the acceptor closes this connection; Long.MAX_VALUE while profiling. */
    private volatile long deadline;
    /** The request head the acceptor read (null: too long); over TLS none, it is read here. */
    private final String headRead;

    EndpointConnection(Socket tcp, EndpointTls tls, Handler handler, Set<EndpointConnection> open, long headDeadline,
                       String headRead) {
        this.headRead = headRead;
        this.tcp = tcp;
        this.socket = tcp;
        this.tls = tls;
        this.handler = handler;
        this.open = open;
        this.deadline = headDeadline;
        open.add(this);
    }

    boolean overdue(long now) {
        return now - deadline > 0;
    }

    @Override
    public void run() {
        try {
            tcp.setSoTimeout(EndpointServer.HEAD_MILLIS);
            if (tls != null) {
                SSLSocket secured = (SSLSocket) tls.context.getSocketFactory().createSocket(tcp,
                        tcp.getInetAddress().getHostAddress(), tcp.getPort(), true);
                secured.setUseClientMode(false);
                secured.setNeedClientAuth(tls.clientCertificates);
                secured.startHandshake();
                socket = secured;
            }
            String requestHead = tls == null ? headRead : readHead(new BufferedInputStream(socket.getInputStream(), 1024));
            Reply reply;
            boolean head = false;
            if (requestHead == null) {
                reply = Reply.text(400, "soapscope: the request head is incomplete or longer than " + MAX_HEAD_BYTES + " bytes\n");
            } else {
                RequestHead request = RequestHead.parse(requestHead);
                head = request != null && "HEAD".equals(request.method);
                reply = request == null ? Reply.text(400, "soapscope: not an HTTP/1 request line\n") : answer(request);
            }
            deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(EndpointServer.RESPONSE_MILLIS);
            write(reply, head);
        } catch (IOException e) {
            // the client went away or missed its deadline: nothing to tell it
        } catch (Throwable e) {
            Log.warnOnce("endpoint:" + e.getClass().getName(), "endpoint request failed", e);
        } finally {
            close();
        }
    }

    private Reply answer(RequestHead request) throws Exception {
        String method = request.method;
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            Endpoint.Response no = Endpoint.methodNotAllowed(method);
            return new Reply(no.status, no.contentType, no).allow("GET, HEAD");
        }
        URI target;
        try {
            target = new URI(request.target);
        } catch (URISyntaxException e) {
            return Reply.text(400, "soapscope: the request target is not a valid URI\n");
        }
        String path = target.getPath() == null ? "/" : target.getPath();
        EndpointAccess.Refusal refused = handler.access.check(path, request);
        if (refused != null) {
            Reply reply = Reply.text(refused.status, refused.message);
            reply.challenge = refused.challenge;
            return reply;
        }
        if (EndpointAccess.HEALTH.equals(path)) {
            return Reply.text(200, "ok\n");
        }
        if (handler.profiles.handles(path)) {
            deadline = Long.MAX_VALUE; // the route bounds itself (seconds <= 300) and refuses a second profile
            logProfileStart(path, target.getRawQuery());
            ProfileRoutes.Reply r = handler.profiles.get(path, target.getRawQuery());
            Reply reply = new Reply(r.status, r.contentType, new Endpoint.Response(r.status, r.contentType, out -> out.write(r.body)));
            reply.length = r.body.length;
            reply.fileName = r.fileName;
            reply.framedBySelf = path.equals("/flamegraph");
            return reply;
        }
        if (handler.sessions.handles(path)) {
            if (path.equals("/profiles/start")) {
                logProfileStart(path, target.getRawQuery());
            }
            ProfileRoutes.Reply r = handler.sessions.get(path, target.getRawQuery());
            Reply reply = new Reply(r.status, r.contentType, new Endpoint.Response(r.status, r.contentType, out -> out.write(r.body)));
            reply.length = r.body.length;
            reply.framedBySelf = path.equals("/profiles/flame") || path.equals("/profiles/diff");
            return reply;
        }
        String query = target.getRawQuery();
        String accept = request.header("accept");
        Endpoint.Response doc = handler.endpoint.get(Endpoint.route(path, accept) + (query == null ? "" : "?" + query), accept);
        return new Reply(doc.status, doc.contentType, doc);
    }

    /** Who started a profile, and for how long: a profile is a recording of the application, worth a line. */
    private void logProfileStart(String path, String rawQuery) {
        Log.info("profile requested by " + socket.getInetAddress().getHostAddress() + ": " + path
                + (rawQuery == null ? "" : "?" + Endpoint.printable(rawQuery)));
    }

    /** The request head (request line and headers). Null when incomplete or too long. */
    private static String readHead(InputStream in) throws IOException {
        byte[] head = new byte[MAX_HEAD_BYTES];
        int n = 0;
        while (n < head.length) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head[n++] = (byte) b;
            if (n >= 4 && head[n - 4] == '\r' && head[n - 3] == '\n' && head[n - 2] == '\r' && head[n - 1] == '\n'
                    || n >= 2 && head[n - 2] == '\n' && head[n - 1] == '\n') {
                return new String(head, 0, n, StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private void write(Reply reply, boolean head) throws IOException {
        OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        long length = reply.length >= 0 ? reply.length : reply.body.knownLength();
        StringBuilder h = new StringBuilder("HTTP/1.1 ").append(reply.status).append(' ').append(reason(reply.status))
                .append("\r\nContent-Type: ").append(reply.contentType)
                .append("\r\nCache-Control: no-store\r\nConnection: close\r\n")
                .append(securityHeaders(reply.contentType, reply.framedBySelf));
        if (reply.challenge != null) {
            h.append("WWW-Authenticate: ").append(reply.challenge).append("\r\n");
        }
        if (length >= 0) {
            h.append("Content-Length: ").append(length).append("\r\n");
        }
        if (reply.allow != null) {
            h.append("Allow: ").append(reply.allow).append("\r\n");
        }
        if (reply.fileName != null) {
            h.append("Content-Disposition: attachment; filename=\"").append(reply.fileName).append("\"\r\n");
        }
        out.write(h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        if (!head) {
            reply.body.writeTo(out); // unknown length (/metrics, streamed): the body ends when the connection closes
        }
        out.flush();
        if (socket instanceof SSLSocket) {
            // a body of unknown length ends with the connection: a half-close sends close_notify alone, where a
            // close of a TLS 1.3 socket first sends user_canceled, which Go's TLS (Prometheus) takes as fatal
            try {
                socket.shutdownOutput();
            } catch (UnsupportedOperationException java8) {
                // Java 8's TLS has no half-close (and speaks TLS 1.2, whose close sends close_notify alone)
            }
            socket.close();
        } else {
            socket.shutdownOutput();
        }
    }

    /**
     * On every answer: no content sniffing, no framing by another site, and a page that loads nothing from elsewhere.
     * The page and the flame graphs are single documents with their style and script inline; the page shows flame
     * graphs in a frame of its own origin, so those may be framed by it alone.
     */
    static String securityHeaders(String contentType, boolean framedBySelf) {
        String ancestors = framedBySelf ? "'self'" : "'none'";
        String policy = contentType.startsWith("text/html")
                ? "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:;"
                + " connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors " + ancestors
                : "default-src 'none'; frame-ancestors " + ancestors;
        return "X-Content-Type-Options: nosniff\r\nX-Frame-Options: " + (framedBySelf ? "SAMEORIGIN" : "DENY")
                + "\r\nContent-Security-Policy: " + policy + "\r\nReferrer-Policy: no-referrer\r\n";
    }

    /**
     * Every worker is busy: said at once from the acceptor, in a response small enough never to block (over TLS
     * nothing can be said before a handshake: the connection is closed).
     */
    void refuseBusy() {
        if (tls != null) {
            close();
            return;
        }
        byte[] body = "soapscope: the endpoint is busy; retry in a second\n".getBytes(StandardCharsets.ISO_8859_1);
        try {
            OutputStream out = tcp.getOutputStream();
            out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + Endpoint.TEXT + "\r\nRetry-After: 1"
                    + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n"
                    + securityHeaders(Endpoint.TEXT, false) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
        } catch (IOException ignored) {
            // the client went away
        } finally {
            close();
        }
    }

    void close() {
        open.remove(this);
        try {
            tcp.close();
        } catch (IOException ignored) {
            // closing: nothing to do about it
        }
    }

    private static String reason(int status) {
        switch (status) {
            case 200: return "OK";
            case 400: return "Bad Request";
            case 401: return "Unauthorized";
            case 403: return "Forbidden";
            case 404: return "Not Found";
            case 405: return "Method Not Allowed";
            case 409: return "Conflict";
            case 503: return "Service Unavailable";
            default: return status >= 500 ? "Server Error" : "Error";
        }
    }

    /** What every connection needs: who may read what, the documents and the profiling routes. */
    static final class Handler {
        final EndpointAccess access;
        final Endpoint endpoint;
        final ProfileRoutes profiles;
        final ProfileSessionRoutes sessions;

        Handler(EndpointAccess access, Endpoint endpoint, ProfileRoutes profiles, ProfileSessionRoutes sessions) {
            this.access = access;
            this.endpoint = endpoint;
            this.profiles = profiles;
            this.sessions = sessions;
        }
    }

    /** A status line, headers and a body to write. */
    private static final class Reply {
        final int status;
        final String contentType;
        final Endpoint.Response body;
        long length = -1;
        String fileName;
        String allow;
        String challenge;
        /** A flame graph, which the page shows in a frame of its own. */
        boolean framedBySelf;

        Reply(int status, String contentType, Endpoint.Response body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }

        Reply allow(String methods) {
            this.allow = methods;
            return this;
        }

        static Reply text(int status, String message) {
            return new Reply(status, Endpoint.TEXT, new Endpoint.Response(status, Endpoint.TEXT, message));
        }
    }
}
