package dev.soapscope.demo.load;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line of a running scenario, e.g. {@code payload-caching/saaj  1200/2000  410 req/s  0 errors}:
 * rewritten in place about every second on a terminal, a new line every few seconds otherwise (logs stay short).
 */
public final class Progress {

    private static final long PIPED_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintStream out;
    private final boolean terminal;
    private long lastPrinted;
    private int lastLength;

    public Progress(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    /** A terminal when the JVM has a console and the stream is standard output. */
    public static Progress on(PrintStream out) {
        return new Progress(out, System.console() != null && out == System.out);
    }

    synchronized void update(String label, int done, int total, int errors, long elapsedNanos) {
        if (!terminal && elapsedNanos - lastPrinted < PIPED_INTERVAL_NANOS) {
            return;
        }
        lastPrinted = elapsedNanos;
        print(line(label, done, total, errors, elapsedNanos), false);
    }

    synchronized void finish(String label, int done, int total, int errors, long elapsedNanos) {
        print(line(label, done, total, errors, elapsedNanos) + String.format(Locale.ROOT, "  (%.1f s)", elapsedNanos / 1e9),
                true);
        lastPrinted = 0;
        lastLength = 0;
    }

    static String line(String label, int done, int total, int errors, long elapsedNanos) {
        double rate = elapsedNanos <= 0 ? 0 : done / (elapsedNanos / 1e9);
        return String.format(Locale.ROOT, "%-40s %6d/%-6d %7.0f req/s  %d error%s", label, done, total, rate, errors,
                errors == 1 ? "" : "s");
    }

    private void print(String line, boolean last) {
        if (terminal) {
            String padded = line + " ".repeat(Math.max(0, lastLength - line.length()));
            out.print("\r" + padded + (last ? "\n" : ""));
            lastLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }
}
