package dev.soapscope.demo.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.soapscope.demo.scenario.PreparedRequest;

/** The driver against the JDK's own HTTP server: exact counts, fixed connections, both response framings. */
class LoadDriverTest {

    private HttpServer server;
    private ExecutorService executor;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final AtomicInteger served = new AtomicInteger();
    private final Set<String> actions = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        executor = Executors.newFixedThreadPool(8);
        server.setExecutor(executor);
        server.createContext("/fixed", exchange -> answer(exchange, false, false));
        server.createContext("/chunked", exchange -> answer(exchange, true, false));
        server.createContext("/close", exchange -> answer(exchange, false, true));
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** Answers "n:LENGTH" for the n-th request; every fifth request gets HTTP 500. */
    private void answer(HttpExchange exchange, boolean chunked, boolean close) throws IOException {
        clientPorts.add(exchange.getRemoteAddress().getPort());
        actions.add(exchange.getRequestHeaders().getFirst("SOAPAction"));
        int length = exchange.getRequestBody().readAllBytes().length;
        int n = served.incrementAndGet();
        byte[] body = ("len:" + length).getBytes(StandardCharsets.UTF_8);
        if (close) {
            exchange.getResponseHeaders().set("Connection", "close");
        }
        exchange.sendResponseHeaders(n % 5 == 0 ? 500 : 200, chunked ? 0 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static List<PreparedRequest> pool() {
        PreparedRequest.Check check = (status, body) -> status != 200 ? "HTTP " + status
                : new String(body, StandardCharsets.UTF_8).equals("len:1000") ? null : "wrong body";
        return List.of(new PreparedRequest(new byte[1000], check));
    }

    private LoadResult run(String path, int total, int concurrency) throws InterruptedException {
        return new LoadDriver("127.0.0.1", server.getAddress().getPort())
                .run("test", path, "urn:test", pool(), total, concurrency, null);
    }

    @Test
    void exactlyNRequestsOverExactlyCKeepAliveConnections() throws Exception {
        LoadResult r = run("/fixed", 100, 4);
        assertEquals(100, r.requests());
        assertEquals(100, served.get());
        assertEquals(20, r.errors());
        assertEquals(java.util.Map.of("HTTP 500", 20), r.errorReasons());
        assertEquals(4, r.connections());
        assertEquals(4, clientPorts.size());
        assertEquals(100, r.latenciesNanos().length);
        assertEquals(100_000, r.requestBodyBytes());
        assertEquals(100 * "len:1000".length(), r.responseBodyBytes());
        assertEquals(1000.0, r.requestBytesPerRequest());
        assertTrue(r.throughputRps() > 0);
        assertTrue(r.latencyMs(0.99) >= r.latencyMs(0.50));
        assertEquals(Set.of("\"urn:test\""), actions);
    }

    @Test
    void chunkedResponsesAreDecoded() throws Exception {
        LoadResult r = run("/chunked", 50, 3);
        assertEquals(10, r.errors());
        assertEquals(50 * "len:1000".length(), r.responseBodyBytes());
        assertEquals(3, r.connections());
    }

    @Test
    void connectionCloseFromTheServerMeansANewConnectionNotAnError() throws Exception {
        LoadResult r = run("/close", 20, 2);
        assertEquals(4, r.errors());
        assertEquals(20, r.connections());
    }

    @Test
    void ioFailuresAreCountedOncePerRequest() throws Exception {
        int port = server.getAddress().getPort();
        server.stop(0);
        LoadResult r = new LoadDriver("127.0.0.1", port).run("test", "/fixed", "urn:test", pool(), 7, 3, null);
        assertEquals(7, r.requests());
        assertEquals(7, r.errors());
        assertEquals(7, r.errorReasons().values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(r.errorReasons().keySet().iterator().next().startsWith("I/O: "), r.errorReasons().toString());
    }

    @Test
    void fewerRequestsThanConnectionsOpensOnlyWhatIsNeeded() throws Exception {
        LoadResult r = run("/fixed", 3, 10);
        assertEquals(3, r.requests());
        assertEquals(3, r.connections());
    }

    @Test
    void progressLines() {
        assertEquals("payload-caching/saaj" + " ".repeat(20) + "   1200/2000       400 req/s  0 errors",
                Progress.line("payload-caching/saaj", 1200, 2000, 0, 3_000_000_000L));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        p.update("s", 1, 2, 1, 1_000_000_000L); // within the first 5 s: not printed when piped
        p.finish("s", 2, 2, 1, 2_000_000_000L);
        assertEquals("s" + " ".repeat(39) + "      2/2            1 req/s  1 error  (2.0 s)\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void nearestRankPercentiles() {
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, LoadResult.percentileNanos(sorted, 0.50));
        assertEquals(10, LoadResult.percentileNanos(sorted, 0.99));
        assertEquals(1, LoadResult.percentileNanos(sorted, 0.0));
        assertEquals(0, LoadResult.percentileNanos(new long[0], 0.5));
    }
}
