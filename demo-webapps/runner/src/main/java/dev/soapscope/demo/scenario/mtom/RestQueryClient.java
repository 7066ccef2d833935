package dev.soapscope.demo.scenario.mtom;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;

/**
 * The query over JAX-RS with {@code java.net.http}: {@code POST {base}/rest/query} (text/plain) answers the request
 * id, {@code GET {base}/rest/{id}/{n}} streams the batch, which is decoded and checked as it arrives. Every request
 * carries the SOAPAction label too: the agent names a request by that header whatever its protocol.
 */
public final class RestQueryClient implements QueryClient {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private volatile String soapAction = "";

    /** @param base the webapp, e.g. {@code http://127.0.0.1:8080/mtom} */
    public RestQueryClient(URI base) {
        this.base = base;
    }

    @Override
    public String start(String queryText) throws IOException {
        HttpRequest request = labelled(HttpRequest.newBuilder(URI.create(base + "/rest/query")))
                .header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(queryText, StandardCharsets.UTF_8)).build();
        HttpResponse<String> response = send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " for the query");
        }
        return response.body().strip();
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        HttpRequest request = labelled(HttpRequest.newBuilder(URI.create(base + "/rest/" + requestId + "/" + tuples)))
                .GET().build();
        HttpResponse<InputStream> response = send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = new BufferedInputStream(response.body(), 64 * 1024)) {
            if (response.statusCode() != 200) {
                body.skip(Long.MAX_VALUE);
                throw new IOException("HTTP " + response.statusCode() + " for a batch");
            }
            int count = TupleCodec.read(body, sink); // checked as the stream arrives
            if (body.read() >= 0) {
                throw new IOException("bytes after the end of the batch");
            }
            return count;
        }
    }

    private HttpRequest.Builder labelled(HttpRequest.Builder builder) {
        String action = soapAction;
        builder.timeout(TIMEOUT);
        return action.isEmpty() ? builder : builder.header("SOAPAction", "\"" + action + "\"");
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws IOException {
        try {
            return http.send(request, handler);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public void label(String soapAction) {
        this.soapAction = soapAction;
    }

    @Override
    public void close() {
        // java.net.http.HttpClient has no close before Java 21; its threads end once it is unreachable
    }
}
