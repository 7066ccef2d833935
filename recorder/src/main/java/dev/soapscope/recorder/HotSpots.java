package dev.soapscope.recorder;

import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.UNKNOWN_SITE;
import static dev.soapscope.recorder.Recorder.aggregates;
import static dev.soapscope.recorder.Recorder.callsMade;
import static dev.soapscope.recorder.Recorder.failed;
import static dev.soapscope.recorder.Recorder.hotSpotListener;

/**
 * Hot-spot events: counted at the caller that made them, per request or call, and outside them. Called by the hot-spot
 * advice (factories, regexes, UUIDs, key stores, conversions, clients built...) and by {@link Calls} and
 * {@link Streams} for the events they find themselves. State: the thread's {@link ThreadRecording} (its per-request
 * counts and event positions), the aggregates' {@link HotSpotSites}, and the hot-spot listener (Flight Recorder's).
 */
public final class HotSpots {
    private HotSpots() {
    }

    public static void hotspot(HotSpotKind kind, String detail) {
        hotspot(kind.ordinal(), detail);
    }

    /**
     * As {@link #hotspot(int, String)}, once this JVM has made a SOAP call: for what every stack builds once at start-up,
     * server or client (a CXF {@code Bus}), which is a finding only when calls keep building it.
     */
    public static void hotspotOnceCalling(int kind, String detail) {
        if (callsMade) {
            hotspot(kind, detail);
        }
    }

    /**
     * Counts one hot-spot event. {@code detail} names the site (a constant or a class name: never anything
     * from a request body); the event is counted at its caller ({@link Callers}), and the first event at a caller
     * keeps its stack. Events whose caller is a class initializer are one-off: counted at their site, never in the
     * request's per-kind counts (the rates per request). An event whose position among its detail's in the request
     * has had one steady caller is walked about one time in {@link HotSpotSites#WALK_ONE_IN}, then more rarely (see
     * there). Single-byte reads, one per byte, are not
     * walked each: they go to the caller of the request's first single-byte read at the same stream.
     */
    public static void hotspot(int kind, String detail) {
        hotspot(THREADS.get(), kind, detail);
    }

    /** {@link #hotspot(int, String)} on this thread's recording, which the caller has already looked up. */
    private static void hotspot(ThreadRecording t, int kind, String detail) {
        if (kind == HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal() && t.countByteRead(detail)) {
            return; // the next byte at the same stream
        }
        if (t.busy) {
            return;
        }
        t.busy = true;
        try {
            Aggregates a = aggregates;
            String d = detail == null ? UNKNOWN_SITE : detail;
            boolean inRequest = t.open && !t.implicit;
            boolean perByte = kind == HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal();
            HotSpotSite site = perByte ? t.lastByteReadSite(d) : null;
            if (site == null) {
                site = a.sites().site(kind, d, t.nextDraw(), inRequest ? t.positions : null, inRequest ? t.name : null);
                if (perByte) {
                    t.byteReadSite(d, site);
                }
            }
            if (inRequest) {
                if (!site.oneOff()) {
                    t.hotspots[kind]++;
                }
                int slot = t.countSite(site);
                if (perByte) {
                    t.lastByteRead(d, site.oneOff() ? -1 : slot);
                }
            } else {
                site.add(OperationTable.NO_REQUEST, 1);
                a.statsFor(OperationTable.NO_REQUEST).addHotSpot(kind);
                if (a.callsRecorded() > 0) { // around the calls, not start-up: rated per call made
                    site.addWhileCalling();
                    a.addBackgroundWhileCalling(kind);
                }
            }
            HotSpotListener l = hotSpotListener;
            if (l != null && !perByte) {
                l.hotSpot(site, inRequest ? t.name : null, inRequest ? t.requestId : 0);
            }
        } catch (Throwable e) {
            failed("hotspot", e);
        } finally {
            t.busy = false;
        }
    }

    /** Before a call that is a hot spot of {@code kind} (a factory method, Pattern.compile...). */
    public static void callStart(int kind) {
        try {
            THREADS.get().callDepth[kind]++;
        } catch (Throwable e) {
            failed("callStart", e);
        }
    }

    /** After it: the outermost such call counts one event at {@code site}. */
    public static void callEnd(int kind, String site) {
        try {
            callEnd(THREADS.get(), kind, site);
        } catch (Throwable e) {
            failed("callEnd", e);
        }
    }

    /** {@link #callEnd(int, String)} on a recording the caller holds: a single-byte read comes here per byte. */
    static void callEnd(ThreadRecording t, int kind, String site) {
        try {
            if (t.callDepth[kind] > 0 && --t.callDepth[kind] == 0) {
                hotspot(t, kind, site);
            }
        } catch (Throwable e) {
            failed("callEnd", e);
        }
    }

}
