package dev.soapscope.recorder;

import dev.soapscope.config.SeriesBudget;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free log-linear histogram of nanosecond values: four buckets per power of two, so a percentile is
 * within about 12% of the true value. A bucket that holds one of the metrics' bucket bounds
 * ({@link SeriesBudget#BUCKET_MICROS}) is split in two at it, so {@link #metricsBuckets} are exact and
 * {@code /metrics} reads its bucket lines from here when scraped. Fixed size, no allocation when recording.
 */
public final class Histogram {
    private static final int SUB_BITS = 2;
    private static final int SUB_COUNT = 1 << SUB_BITS;
    /** Values are clamped to 2^40 ns (about 18 minutes). */
    private static final long MAX_VALUE = 1L << 40;
    static final int BUCKETS = index(MAX_VALUE) + 1;
    /** Per bucket, the first value of its upper half: a metrics bound plus one, or the bucket's end when none is in it. */
    private static final long[] SPLITS = splits();

    /** Two counters per bucket: below its split, and from it on. */
    private final AtomicLongArray counts = new AtomicLongArray(2 * BUCKETS);

    public void record(long nanos) {
        long v = nanos < 0 ? 0 : Math.min(nanos, MAX_VALUE);
        int i = index(v);
        counts.incrementAndGet(v < SPLITS[i] ? 2 * i : 2 * i + 1);
    }

    public long count() {
        long n = 0;
        for (int i = 0; i < counts.length(); i++) {
            n += counts.get(i);
        }
        return n;
    }

    /**
     * Values per bucket of the metrics ({@link SeriesBudget#BUCKET_MICROS}, then one above the last bound), from one
     * read of each counter, so they add up to the count even while requests record.
     */
    public long[] metricsBuckets() {
        long[] micros = SeriesBudget.BUCKET_MICROS;
        long[] out = new long[micros.length + 1];
        int b = 0;
        for (int i = 0; i < BUCKETS; i++) {
            for (int half = 0; half < 2; half++) {
                long end = half == 0 ? SPLITS[i] : lowerBound(i + 1); // this half holds values below end
                while (b < micros.length && end > micros[b] * 1000 + 1) {
                    b++;
                }
                out[b] += counts.get(2 * i + half);
            }
        }
        return out;
    }

    /** The value at quantile q (0..1), as the middle of its bucket; 0 when empty. */
    public long percentile(double q) {
        long total = count();
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * total);
        if (rank < 1) {
            rank = 1;
        }
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts.get(2 * i) + counts.get(2 * i + 1);
            if (seen >= rank) {
                return (lowerBound(i) + lowerBound(i + 1)) / 2;
            }
        }
        return MAX_VALUE;
    }

    /** Number of buckets: readers that take the difference of two moments copy them with {@link #bucketCount}. */
    public static int buckets() {
        return BUCKETS;
    }

    /** The count in bucket {@code i} (0 to {@link #buckets()} - 1). */
    public long bucketCount(int i) {
        return counts.get(2 * i) + counts.get(2 * i + 1);
    }

    /** The value {@link #percentile} reports for bucket {@code i}: its middle, in nanoseconds. */
    public static long bucketMiddle(int i) {
        return (lowerBound(i) + lowerBound(i + 1)) / 2;
    }

    /** A new histogram holding the counts of both: for reading several together (all outcomes of an operation). */
    Histogram plus(Histogram other) {
        Histogram sum = new Histogram();
        for (int i = 0; i < counts.length(); i++) {
            sum.counts.set(i, counts.get(i) + (other == null ? 0 : other.counts.get(i)));
        }
        return sum;
    }

    static int index(long v) {
        if (v < SUB_COUNT) {
            return (int) v;
        }
        int msb = 63 - Long.numberOfLeadingZeros(v);
        int shift = msb - SUB_BITS;
        return ((shift + 1) << SUB_BITS) + (int) ((v >>> shift) & (SUB_COUNT - 1));
    }

    static long lowerBound(int index) {
        if (index < SUB_COUNT) {
            return index;
        }
        int shift = (index >>> SUB_BITS) - 1;
        long sub = index & (SUB_COUNT - 1);
        return (SUB_COUNT + sub) << shift;
    }

    private static long[] splits() {
        long[] s = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            s[i] = lowerBound(i + 1);
        }
        for (long micros : SeriesBudget.BUCKET_MICROS) {
            long first = micros * 1000 + 1; // a bound counts the values equal to it (Prometheus "le")
            int i = index(first);
            if (first > lowerBound(i)) {
                s[i] = first;
            }
        }
        return s;
    }
}
