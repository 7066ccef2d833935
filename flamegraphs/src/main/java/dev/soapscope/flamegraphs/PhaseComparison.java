package dev.soapscope.flamegraphs;

/**
 * One operation, phase and {@link Signal} in two runs: the mean per request (over all the operation's requests,
 * zeros included), its standard deviation and the request count, and the difference current - baseline with its
 * 95% confidence interval by Welch: {@code diff ± 1.96 * sqrt(sd1²/n1 + sd2²/n2)}. A phase a run lacks was never
 * entered there: mean and deviation 0. Values are in the signal's unit.
 */
final class PhaseComparison {
    static final double Z_95 = 1.96;

    final String operation;
    final String phase;
    final Signal signal;
    final double baseMean;
    final double baseSd;
    final long baseRequests;
    final double currentMean;
    final double currentSd;
    final long currentRequests;

    PhaseComparison(String operation, String phase, Signal signal, double baseMean, double baseSd, long baseRequests,
                    double currentMean, double currentSd, long currentRequests) {
        this.operation = operation;
        this.phase = phase;
        this.signal = signal;
        this.baseMean = baseMean;
        this.baseSd = baseSd;
        this.baseRequests = baseRequests;
        this.currentMean = currentMean;
        this.currentSd = currentSd;
        this.currentRequests = currentRequests;
    }

    double diff() {
        return currentMean - baseMean;
    }

    /** Half the width of the 95% confidence interval of the difference. */
    double halfInterval() {
        return Z_95 * Math.sqrt(baseSd * baseSd / Math.max(1, baseRequests)
                + currentSd * currentSd / Math.max(1, currentRequests));
    }

    double low() {
        return diff() - halfInterval();
    }

    double high() {
        return diff() + halfInterval();
    }
}
