package dev.soapscope.agent;

import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;

/**
 * One operation's per-phase sums at one moment: requests, and per phase the sum and the sum of squares of the
 * per-request self time (microseconds) and allocation (bytes), so that two copies give a window's mean and
 * standard deviation per request. The squares come back from the recorder's standard deviation and mean.
 */
final class OperationStatsCopy {
    static final OperationStatsCopy EMPTY = new OperationStatsCopy();

    long requests;
    final double[] wallSum = new double[Phase.COUNT];
    final double[] wallSquares = new double[Phase.COUNT];
    final double[] allocSum = new double[Phase.COUNT];
    final double[] allocSquares = new double[Phase.COUNT];

    static OperationStatsCopy of(OperationStats s) {
        OperationStatsCopy c = new OperationStatsCopy();
        c.requests = s.requests();
        for (Phase p : Phase.values()) {
            int i = p.ordinal();
            c.wallSum[i] = s.phaseNanos(p) / 1000.0;
            c.wallSquares[i] = squares(c.requests, c.wallSum[i], s.phaseStdDevMicros(p));
            c.allocSum[i] = s.phaseAllocatedBytes(p);
            c.allocSquares[i] = squares(c.requests, c.allocSum[i], s.phaseAllocStdDevBytes(p));
        }
        return c;
    }

    /** The sum of squares of n values with this sum and sample standard deviation. */
    private static double squares(long n, double sum, double sd) {
        return n == 0 ? 0 : sd * sd * Math.max(0, n - 1) + sum * sum / n;
    }

    /** Sample standard deviation over the window, from the sums and squares at both ends. */
    static double sd(double sum, double squares, long n) {
        if (n < 2) {
            return 0;
        }
        double mean = sum / n;
        double variance = (squares - n * mean * mean) / (n - 1);
        return variance <= 0 ? 0 : Math.sqrt(variance);
    }
}
