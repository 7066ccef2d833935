package dev.soapscope.flamegraphs;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * When a phase counts as changed, the same for every {@link Signal}: regressed when the whole 95% interval of the
 * difference lies above {@code thresholdPct}% of the baseline mean and the difference itself is above the
 * signal's floor ({@code floorUs} for wall and CPU time, {@code floorBytes} for allocation); improved when it lies
 * below minus that share and the difference is below minus the floor; unchanged otherwise. The floor keeps tiny
 * phases (a 10 us phase growing to 15 us is +50%) from failing a build over noise. No verdict at all while either
 * run has fewer than {@code minRequests} requests of the operation: a readiness probe seen once is no sample.
 * Only the {@code signals} asked for are compared at all (on a shared runner, those the load does not move).
 */
final class VerdictRule {
    static final double DEFAULT_THRESHOLD_PCT = 10;
    static final double DEFAULT_FLOOR_US = 20;
    static final double DEFAULT_FLOOR_BYTES = 1024;
    static final long DEFAULT_MIN_REQUESTS = 30;

    final double thresholdPct;
    final double floorUs;
    final double floorBytes;
    final long minRequests;
    final Set<Signal> signals;

    VerdictRule(double thresholdPct, double floorUs, double floorBytes, long minRequests, Set<Signal> signals) {
        this.thresholdPct = thresholdPct;
        this.floorUs = floorUs;
        this.floorBytes = floorBytes;
        this.minRequests = minRequests;
        this.signals = Collections.unmodifiableSet(EnumSet.copyOf(signals));
    }

    /** The defaults but for threshold and time floor. */
    VerdictRule(double thresholdPct, double floorUs) {
        this(thresholdPct, floorUs, DEFAULT_FLOOR_BYTES, DEFAULT_MIN_REQUESTS, EnumSet.allOf(Signal.class));
    }

    /** Whether both runs have enough requests for any verdict. */
    boolean enough(long baseRequests, long currentRequests) {
        return baseRequests >= minRequests && currentRequests >= minRequests;
    }

    double floor(Signal signal) {
        return signal == Signal.ALLOC ? floorBytes : floorUs;
    }

    Verdict judge(PhaseComparison c) {
        double margin = thresholdPct / 100 * c.baseMean;
        double floor = floor(c.signal);
        if (c.low() > margin && c.diff() > floor) {
            return Verdict.REGRESSED;
        }
        if (c.high() < -margin && c.diff() < -floor) {
            return Verdict.IMPROVED;
        }
        return Verdict.UNCHANGED;
    }

    String describe() {
        return String.format(Locale.ROOT, "regressed: the whole 95%% interval of the difference above %s%% of the"
                + " baseline mean, and the difference above %s us or %s B; improved: the same, downwards;"
                + " no verdict under %d requests in a run",
                number(thresholdPct), number(floorUs), number(floorBytes), minRequests);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
