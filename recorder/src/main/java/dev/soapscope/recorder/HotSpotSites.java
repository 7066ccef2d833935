package dev.soapscope.recorder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sites seen so far, per kind, per detail and per caller. Lookups of known sites neither lock nor allocate (a map
 * look-up by detail, then a scan of that detail's few callers); a stack is captured at most twice per site (first
 * inside a request, first outside); the number of sites is capped and the rest share one overflow site per kind.
 * <p>
 * Finding the caller is a stack walk (a few microseconds, about a kilobyte), so callers are settled, per detail, per
 * operation and per {@link EventPositions position}: the k-th event of a detail in a request (a request of one shape meets a
 * detail's events in the same order, each from its own line, so a detail with several callers, CXF's
 * {@code Pattern.compile}, has one steady caller per position), or any event outside a request. A position whose walks
 * found the same caller {@link #SETTLE_AFTER} times in a row is settled: its events go to that caller and only about
 * one in {@link #WALK_ONE_IN} (drawn per thread) is walked to check. Each check that finds the same caller doubles that
 * interval, up to one in {@link #WALK_AT_MOST_ONE_IN}: a walk this rare runs cold (interpreted, about 0.1 ms in a
 * Tomcat server), so a check every 64 events cost a cheap request more than all its phase switches. A check that
 * finds another caller unsettles the position for good: from then on every one of its events is walked, so counts
 * split between callers stay exact, and only the new caller's events there before that check (about the interval
 * then, at most {@link #WALK_AT_MOST_ONE_IN}) were counted at the old one. Before a position settles, another caller
 * only starts its count of walks in a row again (the first requests of a server, or one of another shape, shift the
 * positions once). Class initializers' events (one-off) neither settle nor unsettle a position.
 */
public final class HotSpotSites {
    public static final String OVERFLOW_DETAIL = "(other sites)";
    /** Walks in a row that found the same steady caller before a position's events stop being walked each. */
    public static final int SETTLE_AFTER = 16;
    /** A settled detail's events are walked about one in this many at first (a power of two)... */
    public static final int WALK_ONE_IN = 64;
    /** ...and, as checks keep finding the same caller, at last one in this many (a power of two). */
    public static final int WALK_AT_MOST_ONE_IN = 4096;
    /** Positions of a detail's events in a request settled apart; later events share the last. */
    public static final int POSITIONS = 32;
    /** Request names whose events settle on positions of their own, per detail; the rest share one set. */
    static final int OPERATION_POSITIONS = 32;
    /** The position of events outside any request. */
    static final int OUTSIDE = -1;

    private final int operations;
    private final int maxSites;
    private final int stackDepth;
    private final AtomicInteger size = new AtomicInteger();
    /** Stack walks made to find callers: what settling saves is told by how few there are per event. */
    private final AtomicLong walks = new AtomicLong();
    @SuppressWarnings("unchecked")
    private final ConcurrentHashMap<String, ByCaller>[] byKind = new ConcurrentHashMap[HotSpotKind.COUNT];
    private final HotSpotSite[] overflow = new HotSpotSite[HotSpotKind.COUNT];

    /** The sites of one detail, one per caller; replaced whole when a caller is added. */
    private static final class ByCaller {
        volatile HotSpotSite[] sites = new HotSpotSite[0];
        /** Per position: outside requests first, then the first event in a request, the second... */
        private final Settling[] positions = new Settling[POSITIONS + 1];
        /**
         * Per request name, positions of its own: each operation meets a detail's events in an order of its own (a
         * query's first {@code Pattern.compile} is its {@code LIKE}'s, another operation's first a rendition's), so
         * positions shared between operations see several callers and never settle. Names past
         * {@link #OPERATION_POSITIONS} share {@link #positions}.
         */
        private final ConcurrentHashMap<String, Settling[]> byOperation = new ConcurrentHashMap<String, Settling[]>();

        Settling at(String operation, int position) {
            Settling[] all = position == OUTSIDE || operation == null ? positions : of(operation);
            Settling s = all[position + 1];
            if (s == null) {
                synchronized (this) {
                    s = all[position + 1];
                    if (s == null) {
                        s = new Settling();
                        all[position + 1] = s;
                    }
                }
            }
            return s;
        }

        private Settling[] of(String operation) {
            Settling[] own = byOperation.get(operation);
            if (own == null) {
                if (byOperation.size() >= OPERATION_POSITIONS) {
                    return positions;
                }
                Settling[] fresh = new Settling[POSITIONS + 1];
                own = byOperation.putIfAbsent(operation, fresh);
                if (own == null) {
                    own = fresh;
                }
            }
            return own;
        }

        HotSpotSite find(Caller caller) {
            for (HotSpotSite s : sites) {
                if (s.isAt(caller)) {
                    return s;
                }
            }
            return null;
        }
    }

    /** Whether one position of a detail has settled on a caller. */
    private static final class Settling {
        /** The one steady caller's site once settled; null while every event is walked. */
        volatile HotSpotSite settled;
        /** The first steady (not one-off) caller's site found, and how many walks in a row found it. */
        private HotSpotSite steady;
        private int agreeing;
        /** A check of the settled caller found another: never settled again. */
        private volatile boolean several;
        /** A settled position's event is walked when the thread's draw has none of these bits: one in (mask + 1). */
        volatile int checkMask = WALK_ONE_IN - 1;

        /**
         * Notes where a walk found the caller. Racy without harm: threads that lose an update only delay settling
         * by a few walks; {@code several} and {@code settled} are volatile so a second caller is seen at once.
         */
        void walkedTo(HotSpotSite site) {
            if (site.oneOff() || several) {
                return;
            }
            HotSpotSite s = steady;
            if (s == null) {
                steady = site;
                agreeing = 1;
            } else if (s != site) {
                if (settled != null) { // a check found a new caller: its split with the old one must stay exact
                    several = true;
                    settled = null;
                } else { // not settled yet (a request of another shape, met once as a server starts): start over
                    steady = site;
                    agreeing = 1;
                }
            } else if (settled != null) {
                checkMask = Math.min(2 * checkMask + 1, WALK_AT_MOST_ONE_IN - 1); // a check found the same caller
            } else if (++agreeing >= SETTLE_AFTER) {
                settled = site;
            }
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
     * The site of an event of {@code detail} at its caller, with its stack kept if it is the first there (in a
     * request, or outside one) or the first there under the request's name {@code operation} (null when unnamed).
     * {@code positions} are the request's (null outside one). The caller is found by a stack walk unless the event's
     * position is settled and the thread's random {@code draw} does not make this event one of its checks.
     */
    HotSpotSite site(int kind, String detail, int draw, EventPositions positions, String operation) {
        ConcurrentHashMap<String, ByCaller> details = byKind[kind];
        ByCaller callers = details.get(detail);
        if (callers == null) {
            if (size.get() >= maxSites) {
                return overflow[kind]; // a new detail with no room: no caller to look for
            }
            ByCaller fresh = new ByCaller();
            callers = details.putIfAbsent(detail, fresh);
            if (callers == null) {
                callers = fresh;
            }
        }
        Settling position = callers.at(operation, positions == null ? OUTSIDE : positions.next(callers, POSITIONS - 1));
        HotSpotSite site = position.settled;
        if (site == null || (draw & position.checkMask) == 0) {
            walks.incrementAndGet();
            site = find(kind, detail, callers, Callers.find(HotSpotKind.of(kind).blamesApplication()));
            position.walkedTo(site);
        }
        if (site != overflow[kind]) {
            site.noteStack(positions != null, operation, stackDepth);
        }
        return site;
    }

    /** The site at {@code caller}, added if new and there is room (else the kind's overflow site). */
    private HotSpotSite find(int kind, String detail, ByCaller callers, Caller caller) {
        HotSpotSite site = callers.find(caller);
        if (site != null) {
            return site;
        }
        if (size.get() >= maxSites) {
            return overflow[kind]; // a caller with no room of its own: its position is walked each, as for two
        }
        return add(kind, detail, callers, caller);
    }

    private HotSpotSite add(int kind, String detail, ByCaller callers, Caller caller) {
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

    /** About one event of {@code detail} at {@code position} in how many is walked now: 1 until it is settled. */
    int walkOneIn(int kind, String detail, int position) {
        ByCaller callers = byKind[kind].get(detail);
        Settling s = callers == null ? null : callers.positions[position + 1];
        return s == null || s.settled == null ? 1 : s.checkMask + 1;
    }

    /** Stack walks made so far to find events' callers. */
    public long walks() {
        return walks.get();
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
