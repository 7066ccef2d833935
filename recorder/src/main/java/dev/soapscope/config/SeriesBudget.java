package dev.soapscope.config;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;

/**
 * How many metric series soapscope may create, declared once. Every series is tagged with an operation, so the
 * settings that multiply series ({@code max.operations}) are checked against this budget: whatever the settings
 * and whatever clients send, {@code /metrics} stays below {@link #MAX_SERIES} lines of samples, and the heap its
 * meters take stays in proportion.
 */
public final class SeriesBudget {
    /**
     * At most this many series in all: a few MB of page, a few MB of heap, and room for the default 100 operations
     * with every series each can have.
     */
    public static final int MAX_SERIES = 51_000;
    /** Histogram bucket bounds of every timer, in microseconds: phases take microseconds, requests seconds. */
    public static final long[] BUCKET_MICROS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000,
            25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000};
    /** Series of one timer: a bucket line per bound and +Inf, then count, sum and max. */
    static final int PER_TIMER = BUCKET_MICROS.length + 4;
    /** Series of one distribution summary without buckets: count, sum and max. */
    static final int PER_SUMMARY = 3;
    /**
     * Series one operation can have at most: request timers per outcome, phase timers, the first-byte timer,
     * a counter per hot-spot kind, an allocation counter per phase, and bytes in, bytes out and allocated bytes.
     */
    public static final int PER_OPERATION = (Outcome.COUNT + Phase.COUNT + 1) * PER_TIMER + HotSpotKind.COUNT
            + Phase.COUNT + 3 * PER_SUMMARY;
    /**
     * The reserved operations ({@code other} and {@code (no request)}) count too; {@code (no request)} work has
     * only its background phase timers, fewer than an operation's share, so a whole share bounds it.
     */
    private static final int RESERVED_OPERATIONS = 2;
    /** The largest {@code max.operations} the budget allows. */
    public static final int MAX_OPERATIONS = MAX_SERIES / PER_OPERATION - RESERVED_OPERATIONS;

    private SeriesBudget() {
    }
}
