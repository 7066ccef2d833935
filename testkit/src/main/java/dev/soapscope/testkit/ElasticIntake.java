package dev.soapscope.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

/**
 * Stands in for the Elastic APM Server, which cannot run here, so that the real Elastic agent has somewhere to send:
 * answers the agent's server-information request and keeps every event it posts to {@code /intake/v2/events}
 * (compressed NDJSON, one event per line), decoded. Only the receiving end is ours; what arrives is the agent's.
 */
public final class ElasticIntake implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<JsonNode> events = new ArrayList<>();

    private ElasticIntake(HttpServer server) {
        this.server = server;
    }

    public static ElasticIntake start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ElasticIntake intake = new ElasticIntake(server);
        server.createContext("/", intake::handle);
        server.start();
        return intake;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The events of one type ({@code transaction}, {@code span}, {@code metadata}...) received so far. */
    public synchronized List<JsonNode> events(String type) {
        List<JsonNode> of = new ArrayList<>();
        for (JsonNode e : events) {
            if (e.has(type)) {
                of.add(e.get(type));
            }
        }
        return of;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if ("POST".equals(exchange.getRequestMethod()) && path.equals("/intake/v2/events")) {
                read(decoded(exchange));
                reply(exchange, 202, "");
            } else if (path.equals("/")) {
                reply(exchange, 200, "{\"version\":\"8.15.0\",\"build_date\":\"2024-01-01T00:00:00Z\",\"build_sha\":\"0\"}");
            } else {
                exchange.getRequestBody().readAllBytes();
                reply(exchange, 404, "{}");
            }
        }
    }

    private static InputStream decoded(HttpExchange exchange) throws IOException {
        String encoding = String.valueOf(exchange.getRequestHeaders().getFirst("Content-Encoding"));
        InputStream body = exchange.getRequestBody();
        return encoding.equals("deflate") ? new InflaterInputStream(body)
                : encoding.equals("gzip") ? new GZIPInputStream(body) : body;
    }

    private void read(InputStream in) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isBlank()) {
                JsonNode event = JSON.readTree(line);
                synchronized (this) {
                    events.add(event);
                }
            }
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
