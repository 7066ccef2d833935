package dev.soapscope.flamegraphs;

/**
 * One operation and phase in two runs: mean self time per request (over all the operation's requests, zeros
 * included), its standard deviation and the request count, and the difference current - baseline with its 95%
 * confidence interval by Welch: {@code diff ± 1.96 * sqrt(sd1²/n1 + sd2²/n2)}. A phase a run lacks was never
 * entered there: mean and deviation 0.
 */
final class PhaseComparison {
    static final double Z_95 = 1.96;

    final String operation;
    final String phase;
    final double baseMeanUs;
    final double baseSdUs;
    final long baseRequests;
    final double currentMeanUs;
    final double currentSdUs;
    final long currentRequests;

    PhaseComparison(String operation, String phase, double baseMeanUs, double baseSdUs, long baseRequests,
                    double currentMeanUs, double currentSdUs, long currentRequests) {
        this.operation = operation;
        this.phase = phase;
        this.baseMeanUs = baseMeanUs;
        this.baseSdUs = baseSdUs;
        this.baseRequests = baseRequests;
        this.currentMeanUs = currentMeanUs;
        this.currentSdUs = currentSdUs;
        this.currentRequests = currentRequests;
    }

    double diffUs() {
        return currentMeanUs - baseMeanUs;
    }

    /** Half the width of the 95% confidence interval of the difference. */
    double halfIntervalUs() {
        return Z_95 * Math.sqrt(baseSdUs * baseSdUs / Math.max(1, baseRequests)
                + currentSdUs * currentSdUs / Math.max(1, currentRequests));
    }

    double lowUs() {
        return diffUs() - halfIntervalUs();
    }

    double highUs() {
        return diffUs() + halfIntervalUs();
    }
}
