package dev.soapscope.metrics;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.Histogram;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.PhaseDetails;

/**
 * {@code /phases}: per operation, its requests and how their time splits into phases. Means are per request
 * (a phase a request never entered counts as zero for it), so the phase means add up to the request mean;
 * percentiles are over the requests that entered the phase; share is the phase's part of all request time;
 * sd is the spread of the per-request self time (zeros included), alloc sd that of the allocated bytes, so two
 * runs can be compared with confidence. Work on threads with no request open is no request: it is left out of
 * {@code operations} (whose requests add up to the requests served) and shown under {@code background}, counted
 * in stretches of work ({@code spans}). The SOAP calls the JVM made are under {@code clients}, one entry per operation
 * and peer, in the same shape (their {@code requests} are calls), with the served operations that made them.
 */
final class PhasesJson {
    private PhasesJson() {
    }

    static String render(Aggregates a) {
        Json j = new Json().beginObject();
        j.name("started_epoch_ms").value(a.startedMillis());
        // false too when some request's allocation could not be counted (virtual threads): then per operation, the
        // allocation figures are over alloc_measured_requests, and absent where there are none, never 0
        j.name("allocation_measured").value(a.measuresAllocation() && a.allocationUnmeasured() == 0);
        StacksJson.stacks(j);
        j.name("operations").beginArray();
        OperationTable ops = a.operations();
        for (int i = 0; i < ops.size(); i++) {
            OperationStats s = a.stats(i);
            if (s == null || s.requests() == 0 || i == OperationTable.NO_REQUEST) {
                continue;
            }
            j.beginObject().name("operation").value(ops.name(i)).name("requests").value(s.requests());
            j.name("outcomes").beginObject();
            for (Outcome o : Outcome.values()) {
                if (o.onServer()) {
                    j.name(o.tag()).value(s.outcomes(o));
                }
            }
            j.endObject();
            StacksJson.noStack(j, ops.name(i), s);
            timeSplit(j, s, false);
            j.endObject();
        }
        j.endArray();
        clients(j, a.clients());
        OperationStats background = a.stats(OperationTable.NO_REQUEST);
        if (background != null && (background.requests() != 0 || anyHotSpot(background))) {
            j.name("background").beginObject().name("operation").value(OperationTable.NO_REQUEST_NAME)
                    .name("spans").value(background.requests());
            if (background.requests() != 0) {
                timeSplit(j, background, false, false);
            } else {
                j.name("phases").beginObject().endObject(); // hot spots outside any span: no time to split
            }
            backgroundHotSpots(j, a, background);
            j.endObject();
        }
        return j.endObject().toString();
    }

    private static void clients(Json j, ClientCalls calls) {
        j.name("clients").beginArray();
        for (int i = 0; i < calls.size(); i++) {
            OperationStats s = calls.stats(i);
            if (s == null || s.requests() == 0) {
                continue;
            }
            j.beginObject().name("operation").value(calls.operation(i)).name("peer").value(calls.peer(i))
                    .name("requests").value(s.requests());
            j.name("outcomes").beginObject();
            for (Outcome o : Outcome.values()) {
                if (o.onClient()) {
                    j.name(o.tag()).value(s.outcomes(o));
                }
            }
            j.endObject();
            j.name("called_from").beginObject();
            for (java.util.Map.Entry<String, Long> e : calls.callers(i).entrySet()) {
                j.name(e.getKey()).value(e.getValue());
            }
            j.endObject();
            timeSplit(j, s, true);
            j.endObject();
        }
        j.endArray();
    }

    private static boolean anyHotSpot(OperationStats s) {
        for (HotSpotKind k : HotSpotKind.values()) {
            if (s.hotspots(k) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Background hot spots as counts, never per span (a span is no unit of work: start-up's events over a few spans
     * read as a rate that is none); and, once the JVM makes SOAP calls, those made since its first call per call made
     * after it: a client's per-call cost paid outside the call's boundary (a parser factory built before each).
     */
    private static void backgroundHotSpots(Json j, Aggregates a, OperationStats background) {
        j.name("hotspots").beginObject();
        for (HotSpotKind k : HotSpotKind.values()) {
            if (background.hotspots(k) != 0) {
                j.name(k.tag()).value(background.hotspots(k));
            }
        }
        j.endObject();
        long calls = a.callsAfterFirst();
        if (calls <= 0) {
            return;
        }
        j.name("calls_after_first").value(calls);
        j.name("hotspots_per_call_made").beginObject();
        for (HotSpotKind k : HotSpotKind.values()) {
            long c = a.backgroundWhileCalling(k);
            if (c != 0) {
                j.name(k.tag()).value((double) c / calls, 3);
            }
        }
        j.endObject();
    }

    /**
     * Duration, bytes, phases and hot spots, per request (per call for clients); for background work, per span
     * without hot spots ({@link #backgroundHotSpots}).
     */
    private static void timeSplit(Json j, OperationStats s, boolean client) {
        timeSplit(j, s, client, true);
    }

    private static void timeSplit(Json j, OperationStats s, boolean client, boolean hotSpotRates) {
        long n = s.requests();
        Histogram total = s.totalHistogram();
        j.name("duration_us").beginObject()
                .name("mean").value(micros(s.totalNanos()) / n, 1)
                .name("p50").value(micros(total.percentile(0.50)), 1)
                .name("p99").value(micros(total.percentile(0.99)), 1)
                .endObject();
        long measured = s.allocMeasuredRequests();
        j.name("alloc_measured_requests").value(measured);
        if (measured != 0) {
            j.name("alloc_bytes_per_request").value(s.allocatedBytes() / measured);
        }
        j.name("bytes_in_per_request").value(s.bytesIn() / n);
        j.name("bytes_out_per_request").value(s.bytesOut() / n);
        j.name("phases").beginObject();
        double all = s.totalNanos();
        for (Phase p : Phase.values()) {
            long seen = s.phaseSeen(p);
            long late = s.phaseNanosAfterReturn(p);
            if (seen == 0 && late == 0) {
                continue;
            }
            Histogram h = s.phaseHistogram(p);
            j.name(p.tag()).beginObject()
                    .name("mean_us").value(micros(s.phaseNanos(p)) / n, 1);
            if (h != null) { // spread and percentiles are of the calls' own time: none for a phase met only late
                j.name("sd_us").value(s.phaseStdDevMicros(p), 1)
                        .name("p50_us").value(micros(h.percentile(0.50)), 1)
                        .name("p99_us").value(micros(h.percentile(0.99)), 1);
            }
            if (late != 0) {
                j.name("after_return_us").value(micros(late) / n, 1);
            }
            j.name("share").value(all == 0 ? 0 : s.phaseNanos(p) / all, 4);
            if (measured != 0) {
                j.name("alloc_bytes").value(s.phaseAllocatedBytes(p) / measured)
                        .name("alloc_sd_bytes").value(s.phaseAllocStdDevBytes(p), 0);
            }
            if (seen != 0) { // entered before the boundary returned; a phase met only after has no such count
                j.name("requests").value(seen);
            }
            details(j, s, p, n, all, client);
            j.endObject();
        }
        j.endObject();
        if (!hotSpotRates) {
            return;
        }
        j.name("hotspots_per_request").beginObject();
        for (HotSpotKind k : HotSpotKind.values()) {
            long c = s.hotspots(k);
            if (c != 0) {
                j.name(k.tag()).value((double) c / n, 3);
            }
        }
        j.endObject();
    }

    /** The stack's own finer phases within ours (CXF phase names), when a probe registered any. */
    private static void details(Json j, OperationStats s, Phase p, long n, double all, boolean client) {
        boolean open = false;
        for (int d = 1; d <= PhaseDetails.MAX && PhaseDetails.label(d) != null; d++) {
            long nanos = s.detailNanos(d);
            if (nanos == 0 || (client ? PhaseDetails.clientPhase(d) : PhaseDetails.phase(d)) != p) {
                continue;
            }
            if (!open) {
                j.name("details").beginObject();
                open = true;
            }
            j.name(PhaseDetails.label(d)).beginObject()
                    .name("mean_us").value(micros(nanos) / n, 1)
                    .name("share").value(all == 0 ? 0 : nanos / all, 4)
                    .endObject();
        }
        if (open) {
            j.endObject();
        }
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
