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

/**
 * One client connection of the {@link EndpointServer}: reads a request head within its deadline, answers one
 * GET or HEAD, and closes. Bad input gets a 4xx with a line saying what was wrong; nothing a client sends is
 * echoed except as bounded printable text.
 */
final class EndpointConnection implements Runnable {
    static final int MAX_HEAD_BYTES = 8 * 1024;

    private final Socket socket;
    private final Handler handler;
    private final Set<EndpointConnection> open;
    /** {@link System#nanoTime()} after which the acceptor closes this connection; Long.MAX_VALUE while profiling. */
    private volatile long deadline;

    EndpointConnection(Socket socket, Handler handler, Set<EndpointConnection> open) {
        this.socket = socket;
        this.handler = handler;
        this.open = open;
        this.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(EndpointServer.HEAD_MILLIS);
        open.add(this);
    }

    boolean overdue(long now) {
        return now - deadline > 0;
    }

    @Override
    public void run() {
        try {
            socket.setSoTimeout(EndpointServer.HEAD_MILLIS);
            String requestHead = readHead(new BufferedInputStream(socket.getInputStream(), 1024));
            Reply reply;
            boolean head = false;
            if (requestHead == null) {
                reply = Reply.text(400, "soapscope: the request head is incomplete or longer than " + MAX_HEAD_BYTES + " bytes\n");
            } else {
                int eol = requestHead.indexOf('\n');
                String[] parts = (eol < 0 ? requestHead : requestHead.substring(0, eol)).trim().split(" ");
                head = parts.length == 3 && "HEAD".equals(parts[0]);
                reply = answer(parts, header(requestHead, "accept"));
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

    private Reply answer(String[] requestLine, String accept) throws Exception {
        if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            return Reply.text(400, "soapscope: not an HTTP/1 request line\n");
        }
        String method = requestLine[0];
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            Endpoint.Response no = Endpoint.methodNotAllowed(method);
            return new Reply(no.status, no.contentType, no).allow("GET, HEAD");
        }
        URI target;
        try {
            target = new URI(requestLine[1]);
        } catch (URISyntaxException e) {
            return Reply.text(400, "soapscope: the request target is not a valid URI\n");
        }
        String path = target.getPath() == null ? "/" : target.getPath();
        if (handler.profiles.handles(path)) {
            deadline = Long.MAX_VALUE; // the route bounds itself (seconds <= 300) and refuses a second profile
            ProfileRoutes.Reply r = handler.profiles.get(path, target.getRawQuery());
            Reply reply = new Reply(r.status, r.contentType, new Endpoint.Response(r.status, r.contentType, out -> out.write(r.body)));
            reply.length = r.body.length;
            reply.fileName = r.fileName;
            return reply;
        }
        if (handler.sessions.handles(path)) {
            ProfileRoutes.Reply r = handler.sessions.get(path, target.getRawQuery());
            Reply reply = new Reply(r.status, r.contentType, new Endpoint.Response(r.status, r.contentType, out -> out.write(r.body)));
            reply.length = r.body.length;
            return reply;
        }
        String query = target.getRawQuery();
        Endpoint.Response doc = handler.endpoint.get(Endpoint.route(path, accept) + (query == null ? "" : "?" + query), accept);
        return new Reply(doc.status, doc.contentType, doc);
    }

    /** The value of a header in a request head (name in lower case), or null. */
    static String header(String head, String name) {
        for (String line : head.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT).equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
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
                .append("\r\nCache-Control: no-store\r\nConnection: close\r\n");
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
        socket.shutdownOutput();
    }

    /** Every worker is busy: said at once from the acceptor, in a response small enough never to block. */
    void refuseBusy() {
        byte[] body = "soapscope: the endpoint is busy; retry in a second\n".getBytes(StandardCharsets.ISO_8859_1);
        try {
            OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + Endpoint.TEXT + "\r\nRetry-After: 1"
                    + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
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
            socket.close();
        } catch (IOException ignored) {
            // closing: nothing to do about it
        }
    }

    private static String reason(int status) {
        switch (status) {
            case 200: return "OK";
            case 400: return "Bad Request";
            case 404: return "Not Found";
            case 405: return "Method Not Allowed";
            case 409: return "Conflict";
            case 503: return "Service Unavailable";
            default: return status >= 500 ? "Server Error" : "Error";
        }
    }

    /** What every connection needs: the documents and the profiling routes. */
    static final class Handler {
        final Endpoint endpoint;
        final ProfileRoutes profiles;
        final ProfileSessionRoutes sessions;

        Handler(Endpoint endpoint, ProfileRoutes profiles, ProfileSessionRoutes sessions) {
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
