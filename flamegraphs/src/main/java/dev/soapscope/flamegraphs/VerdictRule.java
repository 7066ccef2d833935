package dev.soapscope.flamegraphs;

import java.util.Locale;

/**
 * When a phase counts as changed: regressed when the whole 95% interval of the difference lies above
 * {@code thresholdPct}% of the baseline mean and the difference itself is above {@code floorUs}; improved
 * when it lies below minus that share and the difference is below minus the floor; unchanged otherwise. The
 * floor keeps tiny phases (a 10 us phase growing to 15 us is +50%) from failing a build over noise.
 */
final class VerdictRule {
    static final double DEFAULT_THRESHOLD_PCT = 10;
    static final double DEFAULT_FLOOR_US = 20;

    final double thresholdPct;
    final double floorUs;

    VerdictRule(double thresholdPct, double floorUs) {
        this.thresholdPct = thresholdPct;
        this.floorUs = floorUs;
    }

    Verdict judge(PhaseComparison c) {
        double margin = thresholdPct / 100 * c.baseMeanUs;
        if (c.lowUs() > margin && c.diffUs() > floorUs) {
            return Verdict.REGRESSED;
        }
        if (c.highUs() < -margin && c.diffUs() < -floorUs) {
            return Verdict.IMPROVED;
        }
        return Verdict.UNCHANGED;
    }

    String describe() {
        return String.format(Locale.ROOT, "regressed: the whole 95%% interval of the difference above %s%% of the"
                + " baseline mean, and the difference above %s us; improved: the same, downwards",
                number(thresholdPct), number(floorUs));
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
