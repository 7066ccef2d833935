package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;

/** The JAX-RS client against a fake server speaking the mtom WAR's REST protocol (the JDK's HTTP server). */
class RestQueryClientTest {

    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private volatile int position;
    private volatile boolean corrupt;
    private static final int TOTAL = 250;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/app/rest/", this::handle);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        seen.add(exchange.getRequestMethod() + " " + path + " " + exchange.getRequestHeaders().getFirst("SOAPAction"));
        byte[] body;
        if (path.equals("/app/rest/query")) {
            String query = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            body = (query.endsWith("limit " + TOTAL) ? "q1" : "bad").getBytes(StandardCharsets.UTF_8);
        } else {
            int n = Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
            int count = Math.min(n, TOTAL - position);
            body = TupleCodec.encode(IntStream.range(position, position + count).mapToObj(Tuples::generate).toList());
            position += count;
            if (corrupt && body.length > 0) {
                body = java.util.Arrays.copyOf(body, body.length - 1); // no end marker
            }
        }
        exchange.sendResponseHeaders(200, body.length == 0 ? -1 : 0); // chunked, like the WAR's stream
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/app");
    }

    @Test
    void fetchesTheWholeResultWithTheLabelOnEveryRequest() throws Exception {
        RestQueryClient client = new RestQueryClient(base());
        client.label("urn:soapscope:demo:mtom/jaxrs");
        FetchLoop.Run run = FetchLoop.run(client, "select * from tuples limit " + TOTAL, TOTAL, 100, l -> { });
        assertEquals(TOTAL, run.tuples());
        assertEquals(4, run.requests());
        assertEquals(List.of("POST /app/rest/query \"urn:soapscope:demo:mtom/jaxrs\"",
                "GET /app/rest/q1/100 \"urn:soapscope:demo:mtom/jaxrs\"",
                "GET /app/rest/q1/100 \"urn:soapscope:demo:mtom/jaxrs\"",
                "GET /app/rest/q1/100 \"urn:soapscope:demo:mtom/jaxrs\""), seen);
    }

    @Test
    void aTruncatedBatchFails() {
        corrupt = true;
        RestQueryClient client = new RestQueryClient(base());
        FetchLoop.Failure f = assertThrows(FetchLoop.Failure.class,
                () -> FetchLoop.run(client, "select * from tuples limit " + TOTAL, TOTAL, 100, l -> { }));
        assertTrue(f.getMessage().startsWith("batch 0: EOFException: the batch ends after 100 tuples"), f.getMessage());
    }
}
