package dev.soapscope.bench;

import java.util.Arrays;

/** Small statistics over a handful of values: medians and ranges of rounds. */
public final class Stats {
    private Stats() {
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    public static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    public static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    /** Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom; 1.96 beyond. */
    private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    /** A ratio estimated from paired rounds: the geometric mean and its 95% confidence interval. */
    public record Interval(double estimate, double low, double high) {
        @Override
        public String toString() {
            return String.format("%.3f [%.3f, %.3f]", estimate, low, high);
        }
    }

    /**
     * The geometric mean of ratios and its 95% interval (Student's t on their logarithms): ratios of paired runs are
     * multiplicative, and their logarithms are close to symmetric. With one ratio, the interval is that ratio.
     */
    public static Interval ratioInterval(double[] ratios) {
        int n = ratios.length;
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        double mean = Arrays.stream(logs).average().orElse(Double.NaN);
        if (n < 2) {
            return new Interval(Math.exp(mean), Math.exp(mean), Math.exp(mean));
        }
        double ss = 0;
        for (double l : logs) {
            ss += (l - mean) * (l - mean);
        }
        double half = (n - 1 <= T95.length ? T95[n - 2] : 1.96) * Math.sqrt(ss / (n - 1) / n);
        return new Interval(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half));
    }

    /** {@code 0.981 (0.962-0.995)}: the median and the range, three decimals. */
    public static String ratio(double[] values) {
        if (values.length == 1) {
            return String.format("%.3f", values[0]);
        }
        return String.format("%.3f (%.3f-%.3f)", median(values), min(values), max(values));
    }
}
