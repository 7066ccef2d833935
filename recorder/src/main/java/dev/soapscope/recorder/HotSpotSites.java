package dev.soapscope.recorder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sites seen so far, per kind, per detail and per caller. Lookups of known sites neither lock nor allocate (a map
 * look-up by detail, then a scan of that detail's few callers); a stack is captured at most twice per site (first
 * inside a request, first outside); the number of sites is capped and the rest share one overflow site per kind.
 */
public final class HotSpotSites {
    public static final String OVERFLOW_DETAIL = "(other sites)";

    private final int operations;
    private final int maxSites;
    private final int stackDepth;
    private final AtomicInteger size = new AtomicInteger();
    @SuppressWarnings("unchecked")
    private final ConcurrentHashMap<String, ByCaller>[] byKind = new ConcurrentHashMap[HotSpotKind.COUNT];
    private final HotSpotSite[] overflow = new HotSpotSite[HotSpotKind.COUNT];

    /** The sites of one detail, one per caller; replaced whole when a caller is added. */
    private static final class ByCaller {
        volatile HotSpotSite[] sites = new HotSpotSite[0];

        HotSpotSite find(Caller caller) {
            for (HotSpotSite s : sites) {
                if (s.isAt(caller)) {
                    return s;
                }
            }
            return null;
        }
    }

    HotSpotSites(int operations, int maxSites, int stackDepth) {
        this.operations = operations;
        this.maxSites = maxSites;
        this.stackDepth = stackDepth;
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            byKind[k] = new ConcurrentHashMap<String, ByCaller>();
            overflow[k] = new HotSpotSite(HotSpotKind.of(k), OVERFLOW_DETAIL, null, operations);
        }
    }

    /**
     * The site of an event at {@code caller}, with its stack kept if it is the first there (in a request, or outside
     * one) or the first there under the request's name {@code operation} (null when unnamed).
     */
    HotSpotSite site(int kind, String detail, Caller caller, boolean inRequest, String operation) {
        HotSpotSite site = find(kind, detail, caller);
        if (site != overflow[kind]) {
            site.noteStack(inRequest, operation, stackDepth);
        }
        return site;
    }

    private HotSpotSite find(int kind, String detail, Caller caller) {
        ConcurrentHashMap<String, ByCaller> details = byKind[kind];
        ByCaller callers = details.get(detail);
        if (callers != null) {
            HotSpotSite site = callers.find(caller);
            if (site != null) {
                return site;
            }
        }
        if (size.get() >= maxSites) {
            return overflow[kind];
        }
        if (callers == null) {
            ByCaller fresh = new ByCaller();
            callers = details.putIfAbsent(detail, fresh);
            if (callers == null) {
                callers = fresh;
            }
        }
        synchronized (callers) {
            HotSpotSite site = callers.find(caller);
            if (site != null) {
                return site;
            }
            if (size.incrementAndGet() > maxSites) {
                size.decrementAndGet();
                return overflow[kind];
            }
            site = new HotSpotSite(HotSpotKind.of(kind), detail, caller, operations);
            HotSpotSite[] now = callers.sites;
            HotSpotSite[] next = Arrays.copyOf(now, now.length + 1);
            next[now.length] = site;
            callers.sites = next;
            return site;
        }
    }

    /** Where events of a kind go when there is no room for their own site. */
    HotSpotSite overflow(int kind) {
        return overflow[kind];
    }

    /** All sites with at least one event, overflow sites included. */
    public List<HotSpotSite> all() {
        List<HotSpotSite> all = new ArrayList<HotSpotSite>();
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            for (ByCaller c : byKind[k].values()) {
                for (HotSpotSite s : c.sites) {
                    if (s.total() > 0) {
                        all.add(s);
                    }
                }
            }
            if (overflow[k].total() > 0) {
                all.add(overflow[k]);
            }
        }
        return all;
    }
}
