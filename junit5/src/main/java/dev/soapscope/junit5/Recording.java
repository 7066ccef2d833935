package dev.soapscope.junit5;

import dev.soapscope.recorder.HotSpotKind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What soapscope saw in this JVM while a test (or a block of it) ran: the requests it served, the SOAP calls it made,
 * and the hot-spot sites met, with their counts over that window only.
 */
public final class Recording {
    private final Exchanges served;
    private final Exchanges calls;
    private final List<SiteCount> sites;

    Recording(List<Exchange> served, List<Exchange> calls, List<SiteCount> sites) {
        this.served = new Exchanges(served);
        this.calls = new Exchanges(calls);
        this.sites = Collections.unmodifiableList(new ArrayList<SiteCount>(sites));
    }

    /** The requests this JVM served (a server in the test, as with Spring Boot's RANDOM_PORT or an embedded one). */
    public Exchanges served() {
        return served;
    }

    /** The SOAP calls this JVM made (a client in the test, or the server's calls to others). */
    public Exchanges calls() {
        return calls;
    }

    /** Every hot-spot site met, most frequent first; sites met once per class (class initializers) left out. */
    public List<SiteCount> sites() {
        return sites;
    }

    /** The sites of one kind, most frequent first. */
    public List<SiteCount> sites(HotSpotKind kind) {
        List<SiteCount> kept = new ArrayList<SiteCount>();
        for (SiteCount s : sites) {
            if (s.kind() == kind) {
                kept.add(s);
            }
        }
        return kept;
    }

    /** Hot spots of the kind met anywhere in the JVM, inside requests and calls or not. */
    public long hotSpots(HotSpotKind kind) {
        long n = 0;
        for (SiteCount s : sites(kind)) {
            n += s.count();
        }
        return n;
    }

    /**
     * Hot spots of the kind met outside the requests served: in the test's own code and the calls it made. A client
     * built for every call is met there (before its call opens), so this is what a per-call limit counts.
     */
    public long hotSpotsOutsideRequests(HotSpotKind kind) {
        return Math.max(0, hotSpots(kind) - served.hotSpots(kind));
    }

    /** One line: how many requests and calls, by operation. */
    public String summary() {
        return served.describe(Side.REQUESTS) + ", " + calls.describe(Side.CALLS);
    }

    @Override
    public String toString() {
        return summary();
    }
}
