package dev.soapscope.flamegraphs;

import java.util.EnumSet;

/**
 * The {@code compare} command's verdict rule, with its defaults, for callers outside this package (the agent's page
 * judges two windows of the same server with it): one rule, not a second one.
 */
public final class Verdicts {
    private static final VerdictRule DEFAULT = new VerdictRule(VerdictRule.DEFAULT_THRESHOLD_PCT,
            VerdictRule.DEFAULT_FLOOR_US, VerdictRule.DEFAULT_FLOOR_BYTES, VerdictRule.DEFAULT_MIN_REQUESTS,
            EnumSet.of(Signal.WALL, Signal.ALLOC));

    private Verdicts() {
    }

    /** Whether both windows have enough requests of an operation for any verdict. */
    public static boolean enough(long baseRequests, long currentRequests) {
        return DEFAULT.enough(baseRequests, currentRequests);
    }

    /**
     * {@code regressed}, {@code improved} or {@code unchanged} for one operation and phase; {@code alloc}: the values
     * are bytes per request, else microseconds of self time per request.
     */
    public static String judge(String operation, String phase, boolean alloc, double baseMean, double baseSd,
                               long baseRequests, double currentMean, double currentSd, long currentRequests) {
        return DEFAULT.judge(comparison(operation, phase, alloc, baseMean, baseSd, baseRequests, currentMean, currentSd,
                currentRequests)).label();
    }

    /** Half the width of the difference's 95% interval, in the values' unit. */
    public static double halfInterval(double baseSd, long baseRequests, double currentSd, long currentRequests) {
        return comparison("", "", false, 0, baseSd, baseRequests, 0, currentSd, currentRequests).halfInterval();
    }

    /** The rule in words, for a page or report. */
    public static String rule() {
        return DEFAULT.describe();
    }

    private static PhaseComparison comparison(String operation, String phase, boolean alloc, double baseMean,
                                              double baseSd, long baseRequests, double currentMean, double currentSd,
                                              long currentRequests) {
        return new PhaseComparison(operation, phase, alloc ? Signal.ALLOC : Signal.WALL, baseMean, baseSd, baseRequests,
                currentMean, currentSd, currentRequests);
    }
}
