package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;

/** Everything recorded for one operation since start. Lock-free; histograms are created on first use. */
public final class OperationStats {
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong totalNanos = new AtomicLong();
    private final AtomicLong allocatedBytes = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong readCalls = new AtomicLong();
    private final Histogram total = new Histogram();
    private final AtomicLongArray outcomes = new AtomicLongArray(Outcome.COUNT);
    private final AtomicLongArray phaseNanos = new AtomicLongArray(Phase.COUNT);
    private final AtomicLongArray phaseAlloc = new AtomicLongArray(Phase.COUNT);
    private final AtomicLongArray phaseSeen = new AtomicLongArray(Phase.COUNT);
    /** Per phase, the sum of squared per-request self times in square microseconds: the spread, for comparisons. */
    private final DoubleAdder[] phaseSquares = squares();
    /** Per phase, the sum of squared per-request allocated bytes: the spread of allocation, for comparisons. */
    private final DoubleAdder[] phaseAllocSquares = squares();
    private final AtomicReferenceArray<Histogram> phaseHistograms = new AtomicReferenceArray<Histogram>(Phase.COUNT);
    private final AtomicLongArray hotspots = new AtomicLongArray(HotSpotKind.COUNT);
    private final AtomicLongArray detailNanos = new AtomicLongArray(PhaseDetails.MAX + 1);

    void record(ThreadRecording r) {
        requests.incrementAndGet();
        totalNanos.addAndGet(r.totalNanos);
        allocatedBytes.addAndGet(r.totalAlloc);
        total.record(r.totalNanos);
        outcomes.incrementAndGet(r.outcome().ordinal());
        if (r.bytesIn != 0) {
            bytesIn.addAndGet(r.bytesIn);
            readCalls.addAndGet(r.readCalls);
        }
        if (r.bytesOut != 0) {
            bytesOut.addAndGet(r.bytesOut);
        }
        for (int p = 0; p < Phase.COUNT; p++) {
            long nanos = r.phaseNanos[p];
            if (nanos == 0 && r.phaseAlloc[p] == 0) {
                continue;
            }
            phaseNanos.addAndGet(p, nanos);
            double micros = nanos / 1000.0;
            phaseSquares[p].add(micros * micros);
            phaseAlloc.addAndGet(p, r.phaseAlloc[p]);
            double bytes = r.phaseAlloc[p];
            phaseAllocSquares[p].add(bytes * bytes);
            phaseSeen.incrementAndGet(p);
            histogram(p).record(nanos);
        }
        addHotSpots(r.hotspots);
        if (r.anyDetail) {
            for (int d = 1; d <= PhaseDetails.MAX; d++) {
                if (r.detailNanos[d] != 0) {
                    detailNanos.addAndGet(d, r.detailNanos[d]);
                }
            }
        }
    }

    void addHotSpots(int[] counts) {
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            if (counts[k] != 0) {
                hotspots.addAndGet(k, counts[k]);
            }
        }
    }

    void addHotSpot(int kind) {
        hotspots.incrementAndGet(kind);
    }

    private static DoubleAdder[] squares() {
        DoubleAdder[] a = new DoubleAdder[Phase.COUNT];
        for (int i = 0; i < a.length; i++) {
            a[i] = new DoubleAdder();
        }
        return a;
    }

    private Histogram histogram(int phase) {
        Histogram h = phaseHistograms.get(phase);
        if (h == null) {
            phaseHistograms.compareAndSet(phase, null, new Histogram());
            h = phaseHistograms.get(phase);
        }
        return h;
    }

    public long requests() {
        return requests.get();
    }

    public long totalNanos() {
        return totalNanos.get();
    }

    public Histogram totalHistogram() {
        return total;
    }

    public long allocatedBytes() {
        return allocatedBytes.get();
    }

    public long bytesIn() {
        return bytesIn.get();
    }

    public long bytesOut() {
        return bytesOut.get();
    }

    public long readCalls() {
        return readCalls.get();
    }

    public long outcomes(Outcome o) {
        return outcomes.get(o.ordinal());
    }

    /** Self time of this phase summed over all requests. */
    public long phaseNanos(Phase p) {
        return phaseNanos.get(p.ordinal());
    }

    public long phaseAllocatedBytes(Phase p) {
        return phaseAlloc.get(p.ordinal());
    }

    /**
     * Standard deviation, in microseconds, of this phase's self time per request over all requests (those
     * that never entered it count as zero); 0 with fewer than two requests.
     */
    public double phaseStdDevMicros(Phase p) {
        return stdDev(phaseNanos.get(p.ordinal()) / 1000.0, phaseSquares[p.ordinal()].sum());
    }

    /** Standard deviation of this phase's allocated bytes per request, over all requests, as for self time. */
    public double phaseAllocStdDevBytes(Phase p) {
        return stdDev(phaseAlloc.get(p.ordinal()), phaseAllocSquares[p.ordinal()].sum());
    }

    /** The sample standard deviation over all requests of values summing to {@code sum}, squares to {@code squares}. */
    private double stdDev(double sum, double squares) {
        long n = requests.get();
        if (n < 2) {
            return 0;
        }
        double mean = sum / n;
        double variance = (squares - n * mean * mean) / (n - 1);
        return variance <= 0 ? 0 : Math.sqrt(variance);
    }

    /** Requests in which this phase took any time. */
    public long phaseSeen(Phase p) {
        return phaseSeen.get(p.ordinal());
    }

    /** Per-request self times of this phase, over the requests that entered it; null if none did. */
    public Histogram phaseHistogram(Phase p) {
        return phaseHistograms.get(p.ordinal());
    }

    /** Self time of a {@link PhaseDetails} id summed over all requests. */
    public long detailNanos(int detail) {
        return detailNanos.get(detail);
    }

    public long hotspots(HotSpotKind k) {
        return hotspots.get(k.ordinal());
    }
}
