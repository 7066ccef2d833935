package dev.soapscope.flamegraphs;

import one.convert.Arguments;

import java.time.Instant;

/**
 * A stretch of wall-clock time in epoch milliseconds, both ends included: only the samples taken within it count
 * (the spans that tag them are read whole). The converter does the filtering ({@code Arguments.from} / {@code to},
 * compared with each sample's time); it reads values below {@value #MIN_EPOCH_MS} as offsets into the recording and
 * negative ones as offsets from its end, so a window takes absolute times only.
 */
public final class TimeWindow {
    /** 2017-07-14: the converter's line between an absolute time and an offset into the recording. */
    static final long MIN_EPOCH_MS = 1_500_000_000_000L;

    private final long fromEpochMs;
    private final long toEpochMs;

    private TimeWindow(long fromEpochMs, long toEpochMs) {
        this.fromEpochMs = fromEpochMs;
        this.toEpochMs = toEpochMs;
    }

    /**
     * @throws IllegalArgumentException when a bound is no absolute time (epoch milliseconds) or {@code to} is before
     *                                  {@code from}
     */
    public static TimeWindow of(long fromEpochMs, long toEpochMs) {
        if (fromEpochMs < MIN_EPOCH_MS || toEpochMs < MIN_EPOCH_MS) {
            throw new IllegalArgumentException("a time window takes epoch milliseconds, not " + fromEpochMs + ".."
                    + toEpochMs);
        }
        if (toEpochMs < fromEpochMs) {
            throw new IllegalArgumentException("a time window ends before it starts: " + fromEpochMs + ".." + toEpochMs);
        }
        return new TimeWindow(fromEpochMs, toEpochMs);
    }

    public long fromEpochMs() {
        return fromEpochMs;
    }

    public long toEpochMs() {
        return toEpochMs;
    }

    /** Restricts the converter's samples to this window. */
    void applyTo(Arguments args) {
        args.from = fromEpochMs;
        args.to = toEpochMs;
    }

    @Override
    public String toString() {
        return Instant.ofEpochMilli(fromEpochMs) + ".." + Instant.ofEpochMilli(toEpochMs);
    }
}
