package dev.soapscope.demo.report;

import java.util.Locale;

/** Numbers as the reports write them. */
final class Format {

    private Format() {
    }

    /** {@code 412 us}, {@code 1.23 ms}, {@code 12.3 ms}, {@code 1.53 s}; {@code n/a} for NaN (a percentile not known). */
    static String micros(double us) {
        if (Double.isNaN(us)) {
            return "n/a";
        }
        double a = Math.abs(us);
        if (a < 1000) {
            return String.format(Locale.ROOT, "%.0f us", us);
        }
        if (a >= 1_000_000) {
            return String.format(Locale.ROOT, "%.2f s", us / 1_000_000);
        }
        return String.format(Locale.ROOT, a < 10_000 ? "%.2f ms" : "%.1f ms", us / 1000);
    }

    /** {@code +412 us}, {@code -1.23 ms}. */
    static String signedMicros(double us) {
        return (us >= 0 ? "+" : "-") + micros(Math.abs(us));
    }

    /** {@code 512 B}, {@code 410 KB}, {@code 3.4 MB}, {@code 1.0 GB} (1024-based). */
    static String bytes(double b) {
        double a = Math.abs(b);
        if (a < 1024) {
            return String.format(Locale.ROOT, "%.0f B", b);
        }
        if (a < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.0f KB", b / 1024);
        }
        if (a < 1024 * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", b / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GB", b / (1024 * 1024 * 1024));
    }

    static String signedBytes(double b) {
        return (b >= 0 ? "+" : "-") + bytes(Math.abs(b));
    }

    /** A ratio: one decimal from 1.95 on ({@code 3.1x}), two below ({@code 1.11x}). */
    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 1.95 ? "%.1fx" : "%.2fx", ratio);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    /** Seconds with as many decimals as they need: {@code 12.3}, {@code 2.31}, {@code 0.042}, {@code 0.0031}. */
    static String seconds(double s) {
        double a = Math.abs(s);
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", s);
        }
        if (a >= 0.1) {
            return String.format(Locale.ROOT, "%.2f", s);
        }
        return String.format(Locale.ROOT, a >= 0.01 ? "%.3f" : "%.4f", s);
    }

    /** A payload size as given: {@code 32 KB}, {@code 12 MB}, {@code 1000 B} (1024-based, exact or in bytes). */
    static String size(int bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KB";
        }
        return bytes + " B";
    }

    static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
