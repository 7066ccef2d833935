package dev.soapscope.bench.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** What the agent itself counted: the sum of {@code soapscope_request_duration_seconds_count} on its /metrics. */
final class AgentCounts {
    private AgentCounts() {
    }

    /** -1 when the endpoint did not answer. */
    static long requests(int agentPort) {
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + agentPort + "/metrics"))
                .timeout(Duration.ofSeconds(30)).build();
        try {
            HttpResponse<java.util.stream.Stream<String>> r = HttpClient.newHttpClient()
                    .send(get, HttpResponse.BodyHandlers.ofLines());
            if (r.statusCode() != 200) {
                return -1;
            }
            return (long) r.body().filter(l -> l.startsWith("soapscope_request_duration_seconds_count"))
                    .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
        } catch (IOException | RuntimeException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
