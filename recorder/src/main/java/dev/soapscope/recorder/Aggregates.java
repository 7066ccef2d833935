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
