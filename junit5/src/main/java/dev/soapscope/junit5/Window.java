package dev.soapscope.junit5;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects what the recorder reports between {@link #open} and {@link #close}: each request and call as it ends (on
 * its own thread, so the lists are synchronized), and the hot-spot sites' counts at both ends, whose differences are
 * the window's. The recorder's own figures since the JVM started are never reset: other tests, and a server the
 * Spring test context keeps between classes, see theirs undisturbed.
 */
final class Window {
    /** How long the server side of a test's last call may take to end after the call returned. */
    private static final long SETTLE_QUIET_MILLIS = 100;
    private static final long SETTLE_AT_MOST_MILLIS = 3_000;

    private final List<Exchange> served = Collections.synchronizedList(new ArrayList<Exchange>());
    private final List<Exchange> calls = Collections.synchronizedList(new ArrayList<Exchange>());
    private final RequestListener onServed = new RequestListener() {
        @Override
        public void onRequest(CompletedRequest r) {
            if (r.operationIndex() != OperationTable.NO_REQUEST) { // work outside any request is not one
                served.add(new Exchange(r));
            }
        }
    };
    private final RequestListener onCall = new RequestListener() {
        @Override
        public void onRequest(CompletedRequest r) {
            calls.add(new Exchange(r));
        }
    };
    private volatile Map<HotSpotSite, Long> sitesAtStart;

    static Window open() {
        Window w = new Window();
        Recorder.addListener(w.onServed);
        Recorder.addCallListener(w.onCall);
        w.sitesAtStart = siteCounts(); // after listening: a request ending meanwhile is on both sides, not one
        return w;
    }

    /**
     * Forgets what was seen so far, once the warm-up's last requests have ended: warm-up requests and calls are left
     * out of the figures.
     */
    void restart() throws InterruptedException {
        settle();
        sitesAtStart = siteCounts();
        served.clear();
        calls.clear();
    }

    /**
     * Waits until no request or call has ended for a short while (a server may end its request just after the client
     * read the answer), stops listening and returns what was seen.
     */
    Recording close() throws InterruptedException {
        try {
            settle();
        } finally { // interrupted or not, the recorder stops telling this window
            Recorder.removeListener(onServed);
            Recorder.removeCallListener(onCall);
        }
        return snapshot();
    }

    private void settle() throws InterruptedException {
        long deadline = System.currentTimeMillis() + SETTLE_AT_MOST_MILLIS;
        int seen = -1;
        while (System.currentTimeMillis() < deadline) {
            int now = served.size() + calls.size();
            if (now == seen) {
                break;
            }
            seen = now;
            Thread.sleep(SETTLE_QUIET_MILLIS);
        }
    }

    /** What was seen so far, the window still open. */
    Recording snapshot() {
        Map<HotSpotSite, Long> start = sitesAtStart;
        List<SiteCount> sites = new ArrayList<SiteCount>();
        for (HotSpotSite s : Recorder.aggregates().sites().all()) {
            Long before = start.get(s);
            long grew = s.total() - (before == null ? 0 : before);
            if (grew > 0 && !s.oneOff()) {
                sites.add(new SiteCount(s.kind(), s.detail(), s.caller(), grew));
            }
        }
        Collections.sort(sites, new Comparator<SiteCount>() {
            @Override
            public int compare(SiteCount a, SiteCount b) {
                return Long.compare(b.count(), a.count());
            }
        });
        List<Exchange> s;
        List<Exchange> c;
        synchronized (served) {
            s = new ArrayList<Exchange>(served);
        }
        synchronized (calls) {
            c = new ArrayList<Exchange>(calls);
        }
        return new Recording(s, c, sites);
    }

    private static Map<HotSpotSite, Long> siteCounts() {
        Map<HotSpotSite, Long> counts = new IdentityHashMap<HotSpotSite, Long>();
        for (HotSpotSite s : Recorder.aggregates().sites().all()) {
            counts.put(s, s.total());
        }
        return counts;
    }
}
