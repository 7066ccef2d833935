package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistogramTest {
    /** The documented precision is "about 12%": four buckets per power of two put the middle within 12.5%. */
    private static final double TOLERANCE = 0.13;
    private static final double[] QUANTILES = {0.0, 0.01, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1.0};
    /** The documented clamp: 2^40 ns, about 18 minutes. */
    private static final long CLAMP = 1L << 40;

    @Test
    void emptyHistogramReadsZero() {
        Histogram h = new Histogram();
        assertEquals(0, h.count());
        for (double q : QUANTILES) {
            assertEquals(0, h.percentile(q));
        }
    }

    @Test
    void countIsExact() {
        Histogram h = new Histogram();
        Random random = new Random(1);
        for (int i = 0; i < 12_345; i++) {
            h.record(random.nextInt(1_000_000_000));
        }
        h.record(-5); // negative: counted as 0
        h.record(Long.MAX_VALUE); // clamped, still counted
        assertEquals(12_347, h.count());
    }

    /** /metrics reads its bucket lines from here: at each bound the count is exact, the bound itself included. */
    @Test
    void countsAtTheMetricsBoundsAreExact() {
        Histogram h = new Histogram();
        Random random = new Random(7);
        long[] values = new long[20_000];
        for (int i = 0; i < values.length; i++) {
            long bound = dev.soapscope.config.SeriesBudget.BUCKET_MICROS[random.nextInt(22)] * 1000;
            values[i] = i % 3 == 0 ? bound : i % 3 == 1 ? bound + 1 : (long) (random.nextDouble() * 2 * bound);
            h.record(values[i]);
        }
        long[] buckets = h.metricsBuckets();
        long cumulative = 0;
        for (int b = 0; b < dev.soapscope.config.SeriesBudget.BUCKET_MICROS.length; b++) {
            long bound = dev.soapscope.config.SeriesBudget.BUCKET_MICROS[b] * 1000;
            cumulative += buckets[b];
            assertEquals(Arrays.stream(values).filter(v -> v <= bound).count(), cumulative, "le " + bound);
        }
        assertEquals(values.length, cumulative + buckets[buckets.length - 1]);
        assertEquals(values.length, h.count());
    }

    @Test
    void percentilesOfASequenceAreClose() {
        long[] values = new long[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i + 1) * 1_000L; // 1 µs .. 100 ms, evenly
        }
        assertClose(values);
    }

    @Test
    void percentilesOfSkewedDistributionsAreClose() {
        Random random = new Random(42);
        long[] exponential = new long[50_000];
        long[] logNormal = new long[50_000];
        for (int i = 0; i < exponential.length; i++) {
            exponential[i] = (long) (-Math.log(1 - random.nextDouble()) * 2_000_000); // mean 2 ms
            logNormal[i] = (long) Math.exp(13 + 1.5 * random.nextGaussian()); // median ~0.4 ms, long tail
        }
        assertClose(exponential);
        assertClose(logNormal);
    }

    @Test
    void smallValuesAreExact() {
        for (long v = 0; v < 4; v++) {
            Histogram h = new Histogram();
            h.record(v);
            assertEquals(v, h.percentile(0.5));
        }
    }

    @Test
    void constantValueReadsTheSameAtEveryQuantile() {
        Histogram h = new Histogram();
        for (int i = 0; i < 1000; i++) {
            h.record(250_000);
        }
        long p = h.percentile(0.5);
        assertWithin(250_000, p, "p50");
        for (double q : QUANTILES) {
            assertEquals(p, h.percentile(q), "q=" + q);
        }
    }

    @Test
    void hugeValuesAreClamped() {
        Histogram atClamp = new Histogram();
        atClamp.record(CLAMP);
        Histogram huge = new Histogram();
        huge.record(CLAMP * 4);
        huge.record(Long.MAX_VALUE);

        assertEquals(2, huge.count());
        // everything past the clamp lands where the clamp itself does
        assertEquals(atClamp.percentile(1.0), huge.percentile(0.5));
        assertEquals(atClamp.percentile(1.0), huge.percentile(1.0));
        assertWithin(CLAMP, huge.percentile(1.0), "clamped value");
        // and a huge value is the top of the range: it does not hide the values below it
        Histogram mixed = new Histogram();
        for (int i = 0; i < 99; i++) {
            mixed.record(5_000_000);
        }
        mixed.record(Long.MAX_VALUE);
        assertWithin(5_000_000, mixed.percentile(0.99), "p99 beside one huge value");
    }

    @Test
    void everyValueFallsInsideItsBucket() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            long v = i < 10_000 ? i : (random.nextLong() >>> 1) % (CLAMP + 1);
            int index = Histogram.index(v);
            assertTrue(index >= 0 && index < Histogram.BUCKETS, "index " + index + " of " + v);
            assertTrue(Histogram.lowerBound(index) <= v && v < Histogram.lowerBound(index + 1),
                    v + " outside bucket " + index + " [" + Histogram.lowerBound(index) + ", " + Histogram.lowerBound(index + 1) + ")");
        }
        assertEquals(Histogram.BUCKETS - 1, Histogram.index(CLAMP));
    }

    /** Each percentile against the exact nearest-rank percentile of the same data. */
    private static void assertClose(long[] values) {
        Histogram h = new Histogram();
        for (long v : values) {
            h.record(v);
        }
        assertEquals(values.length, h.count());
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        for (double q : QUANTILES) {
            int rank = Math.max(1, (int) Math.ceil(q * sorted.length));
            assertWithin(sorted[rank - 1], h.percentile(q), "q=" + q);
        }
    }

    private static void assertWithin(long expected, long actual, String what) {
        double error = Math.abs(actual - expected) / (double) Math.max(1, expected);
        assertTrue(error <= TOLERANCE, what + ": " + actual + " is " + Math.round(error * 100) + "% off " + expected);
    }
}
