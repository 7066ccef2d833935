package dev.soapscope.metrics;

import dev.soapscope.recorder.Histogram;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /history?minutes=N}: per operation, over the last N minutes (1 to 60, default 5) of the {@link History}
 * ring: requests, rate per second, errors (every outcome but success), mean, p50 and p99 in microseconds, and the
 * same per snapshot as {@code series} rows {@code [end_epoch_ms, rate_per_s, p50_us, p99_us, errors]}.
 */
final class HistoryJson {
    static final int DEFAULT_MINUTES = 5;

    private HistoryJson() {
    }

    static String render(History history, int minutes) {
        List<History.Slot> slots = history.window(minutes * 60);
        double seconds = 0;
        Map<String, Sum> ops = new LinkedHashMap<String, Sum>();
        for (History.Slot s : slots) {
            seconds += s.seconds;
            for (History.Row r : s.rows) {
                Sum sum = ops.get(r.operation);
                if (sum == null) {
                    sum = new Sum();
                    ops.put(r.operation, sum);
                }
                sum.requests += r.requests;
                sum.errors += r.errors;
                sum.nanos += r.nanos;
                r.addTo(sum.counts);
            }
        }
        Json j = new Json().beginObject()
                .name("interval_s").value(History.INTERVAL_SECONDS)
                .name("minutes").value(minutes)
                .name("window_s").value(seconds, 1)
                .name("operations").beginArray();
        for (Map.Entry<String, Sum> e : ops.entrySet()) {
            Sum sum = e.getValue();
            j.beginObject().name("operation").value(e.getKey())
                    .name("requests").value(sum.requests)
                    .name("rate_per_s").value(seconds == 0 ? 0 : sum.requests / seconds, 2)
                    .name("errors").value(sum.errors)
                    .name("mean_us").value(sum.requests == 0 ? 0 : sum.nanos / 1000.0 / sum.requests, 1)
                    .name("p50_us").value(History.percentile(sum.counts, 0.50) / 1000.0, 1)
                    .name("p99_us").value(History.percentile(sum.counts, 0.99) / 1000.0, 1);
            series(j, slots, e.getKey());
            j.endObject();
        }
        return j.endArray().endObject().toString();
    }

    private static void series(Json j, List<History.Slot> slots, String operation) {
        j.name("series").beginArray();
        long[] counts = new long[Histogram.buckets()];
        for (History.Slot s : slots) {
            History.Row row = null;
            for (History.Row r : s.rows) {
                if (r.operation.equals(operation)) {
                    row = r;
                }
            }
            j.beginArray().value(s.millis);
            if (row == null || s.seconds <= 0) {
                j.value(0L).value(0L).value(0L).value(0L);
            } else {
                java.util.Arrays.fill(counts, 0);
                row.addTo(counts);
                j.value(row.requests / s.seconds, 2)
                        .value(History.percentile(counts, 0.50) / 1000.0, 1)
                        .value(History.percentile(counts, 0.99) / 1000.0, 1)
                        .value(row.errors);
            }
            j.endArray();
        }
        j.endArray();
    }

    /** One operation's window. */
    private static final class Sum {
        long requests;
        long errors;
        long nanos;
        final long[] counts = new long[Histogram.buckets()];
    }

    /** The {@code minutes} parameter: 1 to the ring's hour, else the default. */
    static int minutes(String value) {
        try {
            int m = Integer.parseInt(value);
            return m >= 1 && m <= History.SLOTS * History.INTERVAL_SECONDS / 60 ? m : DEFAULT_MINUTES;
        } catch (RuntimeException e) {
            return DEFAULT_MINUTES;
        }
    }
}
