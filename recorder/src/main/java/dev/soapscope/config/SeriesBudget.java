package dev.soapscope.config;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;

/**
 * How many metric series soapscope may create, declared once. Every series is tagged with an operation (a served one,
 * or an outgoing call's operation and peer), so the settings that multiply series ({@code max.operations},
 * {@code max.client.calls}) are checked against this budget: whatever the settings and whatever clients send,
 * {@code /metrics} stays below {@link #MAX_SERIES} lines of samples, and the heap its meters take stays in proportion.
 * Served requests and outgoing calls have a share each, so calls never crowd out operations.
 */
public final class SeriesBudget {
    /** Series for served requests: room for the default 100 operations with every series each can have. */
    public static final int SERVER_SERIES = 54_000;
    /** Series for outgoing SOAP calls: room for the default 20 (operation, peer) rows. */
    public static final int CLIENT_SERIES = 10_700;
    /** At most this many series in all: a few MB of page, a few MB of heap. */
    public static final int MAX_SERIES = SERVER_SERIES + CLIENT_SERIES;
    /** Histogram bucket bounds of every timer, in microseconds: phases take microseconds, requests seconds. */
    public static final long[] BUCKET_MICROS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000,
            25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000};
    /** Series of one timer: a bucket line per bound and +Inf, then count, sum and max. */
    static final int PER_TIMER = BUCKET_MICROS.length + 4;
    /** Series of one distribution summary without buckets: count, sum and max. */
    static final int PER_SUMMARY = 3;
    /**
     * Series one operation can have at most: request timers per outcome, phase timers, the first-byte timer,
     * a counter per hot-spot kind, an allocation counter per phase, and bytes in, bytes out and allocated bytes;
     * outcomes and phases only of the server side.
     */
    public static final int PER_OPERATION = (Outcome.count(false) + Phase.count(false) + 1) * PER_TIMER
            + HotSpotKind.COUNT + Phase.count(false) + 3 * PER_SUMMARY;
    /**
     * Series one outgoing call row (an operation at a peer) can have at most: call timers per outcome, phase timers,
     * and a counter per hot-spot kind; outcomes and phases only of the client side.
     */
    public static final int PER_CLIENT_CALL = (Outcome.count(true) + Phase.count(true)) * PER_TIMER + HotSpotKind.COUNT;
    /**
     * The reserved operations ({@code other} and {@code (no request)}) count too; {@code (no request)} work has
     * only its background phase timers, fewer than an operation's share, so a whole share bounds it.
     */
    private static final int RESERVED_OPERATIONS = 2;
    /** The largest {@code max.operations} the budget allows. */
    public static final int MAX_OPERATIONS = SERVER_SERIES / PER_OPERATION - RESERVED_OPERATIONS;
    /** The largest {@code max.client.calls} the budget allows; the reserved row is {@code other}. */
    public static final int MAX_CLIENT_CALLS = CLIENT_SERIES / PER_CLIENT_CALL - 1;

    private SeriesBudget() {
    }
}
