package dev.soapscope.demo.load;

import java.util.Arrays;
import java.util.Map;

/**
 * What the client saw of one scenario: every request counted exactly once, as good or as an error.
 *
 * @param latenciesNanos one per request (errors included), sorted
 * @param errorReasons   reason to count, most frequent first; the counts add up to {@code errors}
 * @param connections    connections opened in all (the concurrency when keep-alive held throughout)
 */
public record LoadResult(int requests, int errors, long wallNanos, long[] latenciesNanos, long requestBodyBytes,
                         long responseBodyBytes, Map<String, Integer> errorReasons, int connections) {

    public double throughputRps() {
        return wallNanos <= 0 ? 0 : requests / (wallNanos / 1e9);
    }

    /** The q-quantile (0..1) of the latencies, in milliseconds, nearest rank; 0 when there are none. */
    public double latencyMs(double q) {
        return percentileNanos(latenciesNanos, q) / 1e6;
    }

    public double meanLatencyMs() {
        return latenciesNanos.length == 0 ? 0 : Arrays.stream(latenciesNanos).average().orElse(0) / 1e6;
    }

    public double requestBytesPerRequest() {
        return requests == 0 ? 0 : (double) requestBodyBytes / requests;
    }

    public double responseBytesPerRequest() {
        return requests == 0 ? 0 : (double) responseBodyBytes / requests;
    }

    /** Nearest-rank percentile of sorted values. */
    static long percentileNanos(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
    }
}
