package dev.soapscope.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Blocking HTTP/1.1 calls with 10 s timeouts, without checked exceptions, for tests. */
public final class Http {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    // one client for all tests: its connection pool and selector thread are shared
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private Http() {
    }

    /** Status, headers (names case-insensitive) and body of a response. */
    public record Response(int status, Map<String, List<String>> headers, String body) {

        /** First value of a header, any case. */
        public Optional<String> header(String name) {
            List<String> values = headers.get(name);
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
        }

        @Override
        public String toString() {
            return "HTTP " + status + " " + headers + "\n" + body;
        }
    }

    public static Response post(URI uri, String body, String contentType, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return send(request.build());
    }

    /** POST of a SOAP 1.1 envelope: {@code text/xml; charset=utf-8} and an empty {@code SOAPAction}. */
    public static Response postSoap(URI uri, String envelope) {
        return post(uri, envelope, Soap.CONTENT_TYPE, Map.of("SOAPAction", "\"\""));
    }

    /** Whether something accepts connections on {@code host:port} (within a second): for samples with fixed ports. */
    public static boolean listening(String host, int port) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(host, port), 1000);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    public static Response get(URI uri) {
        return get(uri, Map.of());
    }

    public static Response get(URI uri, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
        headers.forEach(request::header);
        return send(request.build());
    }

    private static Response send(HttpRequest request) {
        try {
            HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            headers.putAll(response.headers().map());
            return new Response(response.statusCode(), Collections.unmodifiableMap(headers), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(request.method() + " " + request.uri() + " was interrupted", e);
        }
    }
}
