package dev.soapscope.filter;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;

import java.util.ArrayList;
import java.util.List;

/** Listens to the (local) recorder while open and keeps a copy of each request completed on the test's thread. */
public final class RecordedRequests implements RequestListener, AutoCloseable {
    private final Thread thread = Thread.currentThread();
    private final List<Request> requests = new ArrayList<>();

    public RecordedRequests() {
        Recorder.addListener(this);
    }

    @Override
    public synchronized void onRequest(CompletedRequest r) {
        if (Thread.currentThread() == thread) {
            requests.add(new Request(r));
        }
    }

    public synchronized List<Request> all() {
        return new ArrayList<>(requests);
    }

    /** The one request recorded, failing if there were none or several. */
    public synchronized Request only() {
        if (requests.size() != 1) {
            throw new AssertionError("expected one recorded request, got " + requests.size() + ": " + requests);
        }
        return requests.get(0);
    }

    @Override
    public void close() {
        Recorder.removeListener(this);
    }

    /** A copy of a completed request. */
    public static final class Request {
        public final String operation;
        public final Outcome outcome;
        public final long totalNanos;
        public final long readNanos;
        public final long writeNanos;
        public final long bytesIn;
        public final long bytesOut;
        public final long timeToFirstByteNanos;
        public final int singleByteReads;
        public final long phaseSum;

        Request(CompletedRequest r) {
            operation = r.operation();
            outcome = r.outcome();
            totalNanos = r.totalNanos();
            readNanos = r.phaseNanos(Phase.TRANSPORT_READ.ordinal());
            writeNanos = r.phaseNanos(Phase.TRANSPORT_WRITE.ordinal());
            bytesIn = r.bytesIn();
            bytesOut = r.bytesOut();
            timeToFirstByteNanos = r.timeToFirstByteNanos();
            singleByteReads = r.hotspots(HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal());
            long sum = 0;
            for (int p = 0; p < Phase.COUNT; p++) {
                sum += r.phaseNanos(p);
            }
            phaseSum = sum;
        }

        @Override
        public String toString() {
            return operation + " " + outcome + " in=" + bytesIn + " out=" + bytesOut + " read=" + readNanos
                    + "ns write=" + writeNanos + "ns ttfb=" + timeToFirstByteNanos + " single=" + singleByteReads;
        }
    }
}
