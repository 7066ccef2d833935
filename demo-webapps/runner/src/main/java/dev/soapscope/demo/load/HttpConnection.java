package dev.soapscope.demo.load;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One persistent HTTP/1.1 connection, used by one thread: POSTs a body, reads the whole response (Content-Length,
 * chunked, or to the end of the stream). Reconnects on the next request when the server asked to close or an
 * exchange failed. Small on purpose: the driver must hold exactly C connections, and nothing pools behind its back.
 * Public for the overhead benchmarks ({@code benchmarks/}), which drive the same servers the same way.
 */
public final class HttpConnection implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MS = 10_000;
    private static final int READ_TIMEOUT_MS = 120_000;
    private static final int MAX_LINE = 16 * 1024;

    private final String host;
    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private int connects;

    public HttpConnection(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** A response: status and decoded body. */
    public record Response(int status, byte[] body) {
    }

    public Response post(String path, String soapAction, byte[] body) throws IOException {
        boolean ok = false;
        try {
            if (socket == null) {
                connect();
            }
            writeRequest(path, soapAction, body);
            Response response = readResponse();
            ok = true;
            return response;
        } finally {
            if (!ok) {
                close(); // a half-read exchange leaves the connection unusable
            }
        }
    }

    /** Opens the connection now, so the first measured request does not pay for it. */
    public void open() throws IOException {
        if (socket == null) {
            connect();
        }
    }

    /** How many times this connection was opened (1 when keep-alive held throughout). */
    public int connects() {
        return connects;
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(READ_TIMEOUT_MS);
        s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
        socket = s;
        in = new BufferedInputStream(s.getInputStream(), 16 * 1024);
        out = new BufferedOutputStream(s.getOutputStream(), 16 * 1024);
        connects++;
    }

    private void writeRequest(String path, String soapAction, byte[] body) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\n"
                + "Host: " + host + ":" + port + "\r\n"
                + "Content-Type: text/xml; charset=utf-8\r\n"
                + "SOAPAction: \"" + soapAction + "\"\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private Response readResponse() throws IOException {
        int status;
        long contentLength;
        boolean chunked;
        boolean closeAfter;
        do { // skip interim 1xx responses
            String statusLine = readLine();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.x status line: " + abbreviate(statusLine));
            }
            status = parseStatus(parts[1], statusLine);
            closeAfter = parts[0].equals("HTTP/1.0");
            contentLength = -1;
            chunked = false;
            for (String line = readLine(); !line.isEmpty(); line = readLine()) {
                int colon = line.indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                switch (name) {
                    case "content-length" -> contentLength = Long.parseLong(value);
                    case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    case "connection" -> closeAfter = value.equalsIgnoreCase("close")
                            || closeAfter && !value.equalsIgnoreCase("keep-alive");
                    default -> {
                        // not needed
                    }
                }
            }
        } while (status >= 100 && status < 200);

        byte[] body;
        if (status == 204 || status == 304) {
            body = new byte[0];
        } else if (chunked) {
            body = readChunked();
        } else if (contentLength >= 0) {
            body = in.readNBytes(Math.toIntExact(contentLength));
            if (body.length < contentLength) {
                throw new EOFException("connection closed after " + body.length + " of " + contentLength + " body bytes");
            }
        } else {
            body = in.readAllBytes();
            closeAfter = true;
        }
        if (closeAfter) {
            close();
        }
        return new Response(status, body);
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(4096);
        while (true) {
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim();
            int size;
            try {
                size = Integer.parseInt(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size line: " + abbreviate(sizeLine));
            }
            if (size == 0) {
                while (!readLine().isEmpty()) {
                    // trailers: not needed
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length < size) {
                throw new EOFException("connection closed inside a chunk");
            }
            body.write(chunk);
            if (!readLine().isEmpty()) {
                throw new IOException("no CRLF after a chunk");
            }
        }
    }

    /** A CRLF (or LF) terminated line in ISO-8859-1, without the terminator. */
    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException(line.length() == 0 ? "connection closed by the server" : "connection closed mid-line");
            }
            if (b == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            if (line.length() >= MAX_LINE) {
                throw new IOException("response line longer than " + MAX_LINE + " bytes");
            }
            line.append((char) b);
        }
    }

    private static int parseStatus(String code, String statusLine) throws IOException {
        try {
            return Integer.parseInt(code);
        } catch (NumberFormatException e) {
            throw new IOException("bad status line: " + abbreviate(statusLine));
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }

    @Override
    public void close() {
        Socket s = socket;
        socket = null;
        in = null;
        out = null;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
