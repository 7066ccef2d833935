package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What the recorder has gathered since it was configured: served operations and their stats, the SOAP calls made,
 * and hot-spot sites. Sites count per served operation by its index, and per call row at {@link #clientSiteIndex}.
 */
public final class Aggregates {
    private final long startedMillis = System.currentTimeMillis();
    private final OperationTable operations;
    private final AtomicReferenceArray<OperationStats> stats;
    private final ClientCalls clients;
    private final HotSpotSites sites;
    final boolean allocation;
    /** Requests and calls whose allocation the JVM could not count (virtual threads), though allocation is on. */
    private final java.util.concurrent.atomic.AtomicLong allocUnmeasured = new java.util.concurrent.atomic.AtomicLong();

    /** SOAP calls recorded (the rows' counts, summed as they come): what work outside calls is rated per. */
    private final java.util.concurrent.atomic.AtomicLong callsRecorded = new java.util.concurrent.atomic.AtomicLong();
    /** Per hot-spot kind, events outside any request or call once this JVM had made a call ({@link #backgroundWhileCalling}). */
    private final java.util.concurrent.atomic.AtomicLongArray backgroundWhileCalling =
            new java.util.concurrent.atomic.AtomicLongArray(HotSpotKind.COUNT);

    Aggregates(RecorderSettings settings) {
        this.operations = new OperationTable(settings.maxOperations);
        this.stats = new AtomicReferenceArray<OperationStats>(operations.capacity());
        this.clients = new ClientCalls(settings.maxClientCalls);
        this.sites = new HotSpotSites(operations.capacity() + clients.capacity(), settings.maxSites, settings.stackDepth);
        this.allocation = settings.allocation && AllocationMeter.available();
    }

    public long startedMillis() {
        return startedMillis;
    }

    public OperationTable operations() {
        return operations;
    }

    /** The SOAP calls this JVM made. */
    public ClientCalls clients() {
        return clients;
    }

    /** Where a call row's counts are kept in each {@link HotSpotSite}: after the served operations'. */
    public int clientSiteIndex(int row) {
        return operations.capacity() + row;
    }

    public HotSpotSites sites() {
        return sites;
    }

    /** Whether per-phase allocation is being measured (where the JVM can count it: see {@link #allocationUnmeasured}). */
    public boolean measuresAllocation() {
        return allocation;
    }

    /** Requests and calls recorded with allocation on whose allocation the JVM could not count (virtual threads). */
    public long allocationUnmeasured() {
        return allocUnmeasured.get();
    }

    /** One more request or call without an allocation figure; says why once. */
    void allocationUnavailable() {
        if (allocUnmeasured.getAndIncrement() == 0) {
            Log.infoOnce("allocation-unavailable", "allocation is not measured for requests on virtual threads: this JVM"
                    + " counts no allocation per virtual thread (ThreadMXBean answers -1), so their allocation figures"
                    + " are left out (/phases: allocation_measured false, alloc_measured_requests per operation), never 0");
        }
    }

    /** SOAP calls recorded since this recorder was configured. */
    public long callsRecorded() {
        return callsRecorded.get();
    }

    /** The calls after this JVM's first: what {@link #backgroundWhileCalling} is rated over (0 before a second call). */
    public long callsAfterFirst() {
        return Math.max(0, callsRecorded.get() - 1);
    }

    void callRecorded() {
        callsRecorded.incrementAndGet();
    }

    /**
     * Events of {@code kind} outside any request or call since this JVM's first call was recorded: start-up left
     * out, what a client does around its calls (a parser factory built before each) is rated over the calls made
     * after the first ({@link #callsAfterFirst}).
     */
    public long backgroundWhileCalling(HotSpotKind kind) {
        return backgroundWhileCalling.get(kind.ordinal());
    }

    void addBackgroundWhileCalling(int kind) {
        backgroundWhileCalling.incrementAndGet(kind);
    }

    /** The stats of an operation, or null if nothing was recorded for it. */
    public OperationStats stats(int operation) {
        return stats.get(operation);
    }

    OperationStats statsFor(int operation) {
        OperationStats s = stats.get(operation);
        if (s == null) {
            stats.compareAndSet(operation, null, new OperationStats());
            s = stats.get(operation);
        }
        return s;
    }
}
