package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicReferenceArray;

/** What the recorder has gathered since it was configured: operations, their stats, and hot-spot sites. */
public final class Aggregates {
    private final long startedMillis = System.currentTimeMillis();
    private final OperationTable operations;
    private final AtomicReferenceArray<OperationStats> stats;
    private final HotSpotSites sites;
    final boolean allocation;

    Aggregates(RecorderSettings settings) {
        this.operations = new OperationTable(settings.maxOperations);
        this.stats = new AtomicReferenceArray<OperationStats>(operations.capacity());
        this.sites = new HotSpotSites(operations.capacity(), settings.maxSites, settings.stackDepth);
        this.allocation = settings.allocation && AllocationMeter.available();
    }

    public long startedMillis() {
        return startedMillis;
    }

    public OperationTable operations() {
        return operations;
    }

    public HotSpotSites sites() {
        return sites;
    }

    /** Whether per-phase allocation is being measured. */
    public boolean measuresAllocation() {
        return allocation;
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
