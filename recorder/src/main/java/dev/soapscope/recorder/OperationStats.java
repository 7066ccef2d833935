package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;

/** Everything recorded for one operation since start. Lock-free; histograms are created on first use. */
public final class OperationStats {
    /** Slots of {@link #maxima}: an outcome's request time, then a phase's self time, then these. */
    private static final int MAX_FIRST_BYTE = Outcome.COUNT + Phase.COUNT;
    private static final int MAX_BYTES_IN = MAX_FIRST_BYTE + 1;
    private static final int MAX_BYTES_OUT = MAX_FIRST_BYTE + 2;
    private static final int MAX_ALLOCATED = MAX_FIRST_BYTE + 3;

    private final AtomicLong allocatedBytes = new AtomicLong();
    /** Requests whose allocation was measured: the allocation figures are over these alone. */
    private final AtomicLong allocMeasured = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong readCalls = new AtomicLong();
    /** Per outcome: requests, their time, and its histogram (made on first use); the totals are their sums. */
    private final AtomicLongArray outcomes = new AtomicLongArray(Outcome.COUNT);
    private final AtomicLongArray outcomeNanos = new AtomicLongArray(Outcome.COUNT);
    private final AtomicReferenceArray<Histogram> outcomeHistograms = new AtomicReferenceArray<Histogram>(Outcome.COUNT);
    private final AtomicLong firstByteNanos = new AtomicLong();
    private final Histogram firstByte = new Histogram();
    private final Maxima maxima = new Maxima(MAX_ALLOCATED + 1);
    private final AtomicLongArray phaseNanos = new AtomicLongArray(Phase.COUNT);
    /** The part of {@link #phaseNanos} a call read after it returned ({@link #addLate}). */
    private final AtomicLongArray phaseNanosAfterReturn = new AtomicLongArray(Phase.COUNT);
    private final AtomicLongArray phaseAlloc = new AtomicLongArray(Phase.COUNT);
    /** Per phase, the sum of squared per-request self times in square microseconds: the spread, for comparisons. */
    private final DoubleAdder[] phaseSquares = squares();
    /** Per phase, the sum of squared per-request allocated bytes: the spread of allocation, for comparisons. */
    private final DoubleAdder[] phaseAllocSquares = squares();
    /** Per phase, the self times of the requests that entered it; its count is theirs. */
    private final AtomicReferenceArray<Histogram> phaseHistograms = new AtomicReferenceArray<Histogram>(Phase.COUNT);
    private final AtomicLongArray hotspots = new AtomicLongArray(HotSpotKind.COUNT);
    private final AtomicLongArray detailNanos = new AtomicLongArray(PhaseDetails.MAX + 1);
    /** Traced requests by outcome and bucket, made when the first one ends: none without a tracer. */
    private volatile Exemplar.Slots exemplars;

    void record(ThreadRecording r) {
        int outcome = r.outcome().ordinal();
        outcomes.incrementAndGet(outcome);
        outcomeNanos.addAndGet(outcome, r.totalNanos);
        histogram(outcomeHistograms, outcome).record(r.totalNanos);
        maxima.offer(outcome, r.totalNanos);
        boolean measured = r.allocationMeasured();
        if (measured) {
            allocMeasured.incrementAndGet();
            allocatedBytes.addAndGet(r.totalAlloc);
            maxima.offer(MAX_ALLOCATED, r.totalAlloc);
        }
        if (r.firstByteNanos >= 0) {
            firstByteNanos.addAndGet(r.firstByteNanos);
            firstByte.record(r.firstByteNanos);
            maxima.offer(MAX_FIRST_BYTE, r.firstByteNanos);
        }
        if (r.bytesIn != 0) {
            bytesIn.addAndGet(r.bytesIn);
            readCalls.addAndGet(r.readCalls);
            maxima.offer(MAX_BYTES_IN, r.bytesIn);
        }
        if (r.bytesOut != 0) {
            bytesOut.addAndGet(r.bytesOut);
            maxima.offer(MAX_BYTES_OUT, r.bytesOut);
        }
        for (int p = 0; p < Phase.COUNT; p++) {
            long nanos = r.phaseNanos[p];
            if (nanos == 0 && r.phaseAlloc[p] == 0) {
                continue;
            }
            phaseNanos.addAndGet(p, nanos);
            double micros = nanos / 1000.0;
            phaseSquares[p].add(micros * micros);
            if (measured) {
                phaseAlloc.addAndGet(p, r.phaseAlloc[p]);
                double bytes = r.phaseAlloc[p];
                phaseAllocSquares[p].add(bytes * bytes);
            }
            histogram(phaseHistograms, p).record(nanos);
            maxima.offer(Outcome.COUNT + p, nanos);
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

    /**
     * A call's answer read after its boundary returned ({@link LateReads}): its time, bytes, phases, allocation and hot
     * spots join the call's totals, so means per call include them; no call is counted, and the per-call histograms
     * and spreads keep what the boundary saw.
     */
    void addLate(ThreadRecording r, Outcome outcome) {
        outcomeNanos.addAndGet(outcome.ordinal(), r.totalNanos);
        if (r.allocationMeasured()) {
            allocatedBytes.addAndGet(r.totalAlloc);
        }
        bytesIn.addAndGet(r.bytesIn);
        readCalls.addAndGet(r.readCalls);
        for (int p = 0; p < Phase.COUNT; p++) {
            if (r.phaseNanos[p] != 0) {
                phaseNanos.addAndGet(p, r.phaseNanos[p]);
                phaseNanosAfterReturn.addAndGet(p, r.phaseNanos[p]);
            }
            if (r.allocationMeasured() && r.phaseAlloc[p] != 0) {
                phaseAlloc.addAndGet(p, r.phaseAlloc[p]);
            }
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

    private static Histogram histogram(AtomicReferenceArray<Histogram> histograms, int i) {
        Histogram h = histograms.get(i);
        if (h == null) {
            histograms.compareAndSet(i, null, new Histogram());
            h = histograms.get(i);
        }
        return h;
    }

    public long requests() {
        long n = 0;
        for (int o = 0; o < Outcome.COUNT; o++) {
            n += outcomes.get(o);
        }
        return n;
    }

    public long totalNanos() {
        long n = 0;
        for (int o = 0; o < Outcome.COUNT; o++) {
            n += outcomeNanos.get(o);
        }
        return n;
    }

    /** Request times of every outcome: a copy, made when read. */
    public Histogram totalHistogram() {
        Histogram all = new Histogram();
        for (int o = 0; o < Outcome.COUNT; o++) {
            all = all.plus(outcomeHistograms.get(o));
        }
        return all;
    }

    /** Keeps a traced request as its bucket's exemplar, unless the bucket has a fresh one (see {@link Exemplar#REFRESH_MILLIS}). */
    void offerExemplar(Outcome outcome, long nanos, String traceId, String spanId) {
        Exemplar.Slots slots = exemplars;
        if (slots == null) {
            synchronized (this) {
                slots = exemplars;
                if (slots == null) {
                    slots = new Exemplar.Slots();
                    exemplars = slots;
                }
            }
        }
        long now = System.currentTimeMillis();
        Exemplar kept = slots.get(outcome, Exemplar.bucket(nanos));
        if (kept == null || now - kept.epochMillis() >= Exemplar.REFRESH_MILLIS) {
            slots.offer(outcome, new Exemplar(traceId, spanId, nanos, now));
        }
    }

    /** The latest traced request of this outcome in a metrics bucket ({@link Exemplar#bucket}), or null. */
    public Exemplar exemplar(Outcome outcome, int bucket) {
        Exemplar.Slots slots = exemplars;
        return slots == null ? null : slots.get(outcome, bucket);
    }

    /** Time of the requests that ended with this outcome. */
    public long outcomeNanos(Outcome o) {
        return outcomeNanos.get(o.ordinal());
    }

    /** Request times of this outcome, or null if no request ended so. */
    public Histogram outcomeHistogram(Outcome o) {
        return outcomeHistograms.get(o.ordinal());
    }

    /** The longest request of this outcome lately (the last one to two minutes, see {@link Maxima}). */
    public long outcomeMaxNanos(Outcome o) {
        return maxima.get(o.ordinal());
    }

    public long phaseMaxNanos(Phase p) {
        return maxima.get(Outcome.COUNT + p.ordinal());
    }

    /** Time to the first response byte, summed over the requests that wrote one; its histogram counts them. */
    public long firstByteNanos() {
        return firstByteNanos.get();
    }

    public Histogram firstByteHistogram() {
        return firstByte;
    }

    public long firstByteMaxNanos() {
        return maxima.get(MAX_FIRST_BYTE);
    }

    public long bytesInMax() {
        return maxima.get(MAX_BYTES_IN);
    }

    public long bytesOutMax() {
        return maxima.get(MAX_BYTES_OUT);
    }

    public long allocatedBytesMax() {
        return maxima.get(MAX_ALLOCATED);
    }

    public long allocatedBytes() {
        return allocatedBytes.get();
    }

    /** Requests whose allocation was measured; the allocation figures are over these (0: there is no figure). */
    public long allocMeasuredRequests() {
        return allocMeasured.get();
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

    /** Of {@link #phaseNanos}, what calls read after they returned (an MTOM answer read late): 0 for requests. */
    public long phaseNanosAfterReturn(Phase p) {
        return phaseNanosAfterReturn.get(p.ordinal());
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

    /** Standard deviation of this phase's allocated bytes per request, over the requests whose allocation was measured. */
    public double phaseAllocStdDevBytes(Phase p) {
        return stdDev(phaseAlloc.get(p.ordinal()), phaseAllocSquares[p.ordinal()].sum(), allocMeasured.get());
    }

    /** The sample standard deviation over all requests of values summing to {@code sum}, squares to {@code squares}. */
    private double stdDev(double sum, double squares) {
        return stdDev(sum, squares, requests());
    }

    private static double stdDev(double sum, double squares, long n) {
        if (n < 2) {
            return 0;
        }
        double mean = sum / n;
        double variance = (squares - n * mean * mean) / (n - 1);
        return variance <= 0 ? 0 : Math.sqrt(variance);
    }

    /** Requests in which this phase took any time. */
    public long phaseSeen(Phase p) {
        Histogram h = phaseHistograms.get(p.ordinal());
        return h == null ? 0 : h.count();
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
