package dev.soapscope.demo.scenario;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.soapscope.demo.load.LoadResult;

/** What a transfer workload counts as it goes: requests and their times, failures and why, seconds per size. */
public final class Tally {

    private static final int MAX_REASONS = 20;
    private static final String OTHER_REASONS = "(other reasons)";

    private long[] latencies = new long[1024];
    private int requests;
    private int errors;
    private final Map<String, Integer> reasons = new LinkedHashMap<>();
    private final Map<Integer, List<Double>> seconds = new LinkedHashMap<>();
    private final long started = System.nanoTime();

    public void latency(long nanos) {
        if (requests == latencies.length) {
            latencies = Arrays.copyOf(latencies, requests * 2);
        }
        latencies[requests++] = nanos;
    }

    /** A failure: one request that went wrong (its time already counted, if it was sent). */
    public void error(String reason) {
        errors++;
        String key = reasons.containsKey(reason) || reasons.size() < MAX_REASONS ? reason : OTHER_REASONS;
        reasons.merge(key, 1, Integer::sum);
    }

    /** A failure before any request could be sent (the client could not be made): counted as one failed request. */
    public void failedRequest(String reason) {
        latency(0);
        error(reason);
    }

    public void size(int size, List<Double> runs) {
        seconds.put(size, List.copyOf(runs));
    }

    public Workload.Outcome outcome() {
        long[] sorted = Arrays.copyOf(latencies, requests);
        Arrays.sort(sorted);
        Map<String, Integer> byCount = new LinkedHashMap<>();
        reasons.entrySet().stream().sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .forEach(e -> byCount.put(e.getKey(), e.getValue()));
        return new Workload.Outcome(new LoadResult(requests, errors, System.nanoTime() - started, sorted, 0, 0,
                byCount, 1), seconds);
    }

    /** {@code mtom/base64  fetch   1000: 2.31 s (2.30, 2.33, 2.31)} */
    public static void print(PrintStream out, String label, String what, int size, List<Double> runs, int failed) {
        if (out == null) {
            return;
        }
        String mean = runs.isEmpty() ? "failed" : String.format(Locale.ROOT, "%.3f s", mean(runs));
        String each = runs.size() > 1 ? runs.stream().map(r -> String.format(Locale.ROOT, "%.3f", r))
                .collect(Collectors.joining(", ", " (", ")")) : "";
        out.printf(Locale.ROOT, "%-40s %s %9s: %s%s%s%n", label, what, sizeLabel(what, size), mean, each,
                failed == 0 ? "" : "  " + failed + " failed");
        out.flush();
    }

    public static String sizeLabel(String what, int size) {
        if (!what.equals("echo")) {
            return String.valueOf(size);
        }
        if (size % (1024 * 1024) == 0) {
            return size / (1024 * 1024) + " MB";
        }
        return size % 1024 == 0 ? size / 1024 + " KB" : size + " B";
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    public static List<Double> newRuns() {
        return new ArrayList<>();
    }
}
