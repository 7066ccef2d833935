package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free log-linear histogram of nanosecond values: four buckets per power of two, so a percentile is
 * within about 12% of the true value. Fixed size (157 counters), no allocation when recording.
 */
public final class Histogram {
    private static final int SUB_BITS = 2;
    private static final int SUB_COUNT = 1 << SUB_BITS;
    /** Values are clamped to 2^40 ns (about 18 minutes). */
    private static final long MAX_VALUE = 1L << 40;
    static final int BUCKETS = index(MAX_VALUE) + 1;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    public void record(long nanos) {
        counts.incrementAndGet(index(nanos < 0 ? 0 : Math.min(nanos, MAX_VALUE)));
    }

    public long count() {
        long n = 0;
        for (int i = 0; i < BUCKETS; i++) {
            n += counts.get(i);
        }
        return n;
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
            seen += counts.get(i);
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
        return counts.get(i);
    }

    /** The value {@link #percentile} reports for bucket {@code i}: its middle, in nanoseconds. */
    public static long bucketMiddle(int i) {
        return (lowerBound(i) + lowerBound(i + 1)) / 2;
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
}
