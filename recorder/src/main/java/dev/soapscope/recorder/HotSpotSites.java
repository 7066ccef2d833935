package dev.soapscope.recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sites seen so far, per kind. Lookups of known sites neither lock nor allocate; a stack is captured at
 * most twice per site (first inside a request, first outside); the number of sites is capped and the rest
 * share one overflow site per kind.
 */
public final class HotSpotSites {
    public static final String OVERFLOW_DETAIL = "(other sites)";

    private final int operations;
    private final int maxSites;
    private final int stackDepth;
    private final AtomicInteger size = new AtomicInteger();
    @SuppressWarnings("unchecked")
    private final ConcurrentHashMap<String, HotSpotSite>[] byKind = new ConcurrentHashMap[HotSpotKind.COUNT];
    private final HotSpotSite[] overflow = new HotSpotSite[HotSpotKind.COUNT];

    HotSpotSites(int operations, int maxSites, int stackDepth) {
        this.operations = operations;
        this.maxSites = maxSites;
        this.stackDepth = stackDepth;
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            byKind[k] = new ConcurrentHashMap<String, HotSpotSite>();
            overflow[k] = new HotSpotSite(HotSpotKind.of(k), OVERFLOW_DETAIL, operations);
        }
    }

    /**
     * The site of an event, with its stack kept if it is the first there (in a request, or outside one) or the first
     * there under the request's name {@code operation} (null when unnamed).
     */
    HotSpotSite site(int kind, String detail, boolean inRequest, String operation) {
        HotSpotSite site = find(kind, detail);
        if (site != overflow[kind]) {
            site.noteStack(inRequest, operation, stackDepth);
        }
        return site;
    }

    private HotSpotSite find(int kind, String detail) {
        ConcurrentHashMap<String, HotSpotSite> sites = byKind[kind];
        HotSpotSite site = sites.get(detail);
        if (site != null) {
            return site;
        }
        if (size.get() >= maxSites) {
            return overflow[kind];
        }
        site = new HotSpotSite(HotSpotKind.of(kind), detail, operations);
        HotSpotSite raced = sites.putIfAbsent(detail, site);
        if (raced != null) {
            return raced;
        }
        size.incrementAndGet();
        return site;
    }

    /** Where events of a kind go when there is no room for their own site. */
    HotSpotSite overflow(int kind) {
        return overflow[kind];
    }

    /** All sites with at least one event, overflow sites included. */
    public List<HotSpotSite> all() {
        List<HotSpotSite> all = new ArrayList<HotSpotSite>();
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            for (HotSpotSite s : byKind[k].values()) {
                if (s.total() > 0) {
                    all.add(s);
                }
            }
            if (overflow[k].total() > 0) {
                all.add(overflow[k]);
            }
        }
        return all;
    }
}
