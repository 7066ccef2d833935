package dev.soapscope.metrics;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.Histogram;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The recent past of every operation, for the page: a ring of snapshots, one per {@link #INTERVAL_SECONDS}, each the
 * difference of the recorder's totals since the one before (requests, errors, time, and the latency histogram's
 * non-empty buckets), so a window's rate and percentiles are exact to the histogram's precision. Snapshots are taken
 * off the request path, by whoever calls {@link #sampleIfDue} (a daemon thread, and each read). Memory is bounded
 * whatever the number of operations: at most {@link #SLOTS} snapshots (an hour) and at most {@link #MAX_CELLS}
 * stored numbers in all (about 1 MB); past that the oldest snapshots go first.
 */
public final class History {
    public static final int INTERVAL_SECONDS = 10;
    public static final int SLOTS = 360;
    static final int MAX_CELLS = 1 << 18;
    /** What an operation's row costs in a snapshot besides its buckets: requests, errors, time, index. */
    private static final int ROW_CELLS = 7;

    private final Supplier<Aggregates> source;
    private final Slot[] ring = new Slot[SLOTS];
    private int newest = -1;
    private int size;
    private int cells;
    /** The totals at the last snapshot, per operation index; null until the operation has requests. */
    private Totals[] last = new Totals[0];
    private long lastNanos;

    public History(Supplier<Aggregates> source) {
        this.source = source;
        synchronized (this) {
            lastNanos = System.nanoTime();
            diff(true);
        }
    }

    /** Takes a snapshot when the last one is {@link #INTERVAL_SECONDS} old or more; cheap otherwise. */
    public synchronized void sampleIfDue() {
        if (System.nanoTime() - lastNanos >= INTERVAL_SECONDS * 1_000_000_000L) {
            sample();
        }
    }

    synchronized void sample() {
        long now = System.nanoTime();
        Slot s = diff(true);
        s.millis = System.currentTimeMillis();
        s.seconds = (now - lastNanos) / 1e9;
        lastNanos = now;
        add(s);
    }

    /**
     * The snapshots that ended in the last {@code seconds}, oldest first, then what happened since the newest of
     * them (not stored: it is taken afresh on each read).
     */
    synchronized List<Slot> window(int seconds) {
        sampleIfDue();
        List<Slot> out = new ArrayList<Slot>();
        long since = System.currentTimeMillis() - seconds * 1000L;
        for (int i = size - 1; i >= 0; i--) {
            Slot s = ring[(newest - i + SLOTS) % SLOTS];
            if (s.millis > since) {
                out.add(s);
            }
        }
        Slot live = diff(false);
        live.millis = System.currentTimeMillis();
        live.seconds = (System.nanoTime() - lastNanos) / 1e9;
        out.add(live);
        return out;
    }

    /** Seconds the stored snapshots cover. */
    synchronized double coveredSeconds() {
        double s = 0;
        for (int i = 0; i < size; i++) {
            s += ring[(newest - i + SLOTS) % SLOTS].seconds;
        }
        return s;
    }

    private void add(Slot s) {
        while (size > 0 && (size == SLOTS || cells + s.cells() > MAX_CELLS)) {
            Slot oldest = ring[(newest - size + 1 + SLOTS) % SLOTS];
            cells -= oldest.cells();
            size--;
        }
        newest = (newest + 1) % SLOTS;
        ring[newest] = s;
        size++;
        cells += s.cells();
    }

    /** The difference between the recorder's totals now and at the last snapshot; {@code keep}: they become the last. */
    private Slot diff(boolean keep) {
        Aggregates a = source.get();
        Slot s = new Slot();
        if (a == null) {
            return s;
        }
        OperationTable ops = a.operations();
        int n = ops.size();
        if (last.length < n) {
            Totals[] grown = new Totals[ops.capacity()];
            System.arraycopy(last, 0, grown, 0, last.length);
            last = grown;
        }
        List<Row> rows = new ArrayList<Row>();
        for (int i = 0; i < n; i++) {
            OperationStats stats = a.stats(i);
            if (i == OperationTable.NO_REQUEST || stats == null || stats.requests() == 0) {
                continue;
            }
            Totals now = Totals.of(stats);
            Totals before = last[i];
            Row r = now.minus(before, ops.name(i));
            if (r.requests > 0) {
                rows.add(r);
            }
            if (keep) {
                last[i] = now;
            }
        }
        s.rows = rows.toArray(new Row[0]);
        return s;
    }

    /** One snapshot: what each operation did in {@link #seconds} ending at {@link #millis}. */
    static final class Slot {
        long millis;
        double seconds;
        Row[] rows = new Row[0];

        int cells() {
            int c = 0;
            for (Row r : rows) {
                c += ROW_CELLS + r.buckets.length;
            }
            return c;
        }
    }

    /** One operation in one snapshot; {@code buckets}: non-empty histogram buckets, {@code index << 24 | count}. */
    static final class Row {
        final String operation;
        final long requests;
        final long errors;
        final long nanos;
        final int[] buckets;

        Row(String operation, long requests, long errors, long nanos, int[] buckets) {
            this.operation = operation;
            this.requests = requests;
            this.errors = errors;
            this.nanos = nanos;
            this.buckets = buckets;
        }

        /** Adds this row's latency buckets into {@code counts}. */
        void addTo(long[] counts) {
            for (int b : buckets) {
                counts[b >>> 24] += b & 0xFFFFFF;
            }
        }
    }

    /** An operation's totals at one moment. */
    private static final class Totals {
        long requests;
        long errors;
        long nanos;
        final long[] counts = new long[Histogram.buckets()];

        static Totals of(OperationStats s) {
            Totals t = new Totals();
            Histogram h = s.totalHistogram();
            for (int i = 0; i < t.counts.length; i++) {
                t.counts[i] = h.bucketCount(i);
            }
            // not atomic: a request recorded while this reads may show in its buckets at the next snapshot
            t.requests = s.requests();
            t.errors = t.requests - s.outcomes(Outcome.SUCCESS);
            t.nanos = s.totalNanos();
            return t;
        }

        Row minus(Totals before, String name) {
            int nonEmpty = 0;
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] - (before == null ? 0 : before.counts[i]) > 0) {
                    nonEmpty++;
                }
            }
            int[] buckets = new int[nonEmpty];
            int j = 0;
            for (int i = 0; i < counts.length; i++) {
                long d = counts[i] - (before == null ? 0 : before.counts[i]);
                if (d > 0) {
                    buckets[j++] = i << 24 | (int) Math.min(d, 0xFFFFFF);
                }
            }
            return before == null ? new Row(name, requests, errors, nanos, buckets)
                    : new Row(name, requests - before.requests, Math.max(0, errors - before.errors),
                    nanos - before.nanos, buckets);
        }
    }

    /** The value at quantile q of bucket counts, as {@link Histogram#percentile} reports it; 0 when empty. */
    static long percentile(long[] counts, double q) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Histogram.bucketMiddle(i);
            }
        }
        return Histogram.bucketMiddle(counts.length - 1);
    }
}
