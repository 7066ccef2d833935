package dev.soapscope.junit5;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

/** One request served or call made during a test: the recorder's view copied, since the recorder reuses it. */
public final class Exchange {
    private final String operation;
    private final String outcome;
    private final String peer;
    private final long totalNanos;
    private final long[] phaseNanos = new long[Phase.COUNT];
    private final long[] phaseAllocated = new long[Phase.COUNT];
    private final int[] hotSpots = new int[HotSpotKind.COUNT];
    private final boolean allocationMeasured;
    private final long bytesIn;
    private final long bytesOut;

    Exchange(CompletedRequest r) {
        operation = r.operation();
        outcome = r.outcome().tag();
        peer = r.peer();
        totalNanos = r.totalNanos();
        for (int p = 0; p < Phase.COUNT; p++) {
            phaseNanos[p] = r.phaseNanos(p);
            phaseAllocated[p] = r.phaseAllocatedBytes(p);
        }
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            hotSpots[k] = r.hotspots(k);
        }
        allocationMeasured = r.allocationMeasured();
        bytesIn = r.bytesIn();
        bytesOut = r.bytesOut();
    }

    /** The operation's name as soapscope gives it ({@code {namespace}localName}, a SOAPAction, a path). */
    public String operation() {
        return operation;
    }

    /** {@code success}, {@code fault}, {@code server_error}...: the tags of soapscope's outcomes. */
    public String outcome() {
        return outcome;
    }

    /** For a call, the peer it went to ({@code host:port}), or null. */
    public String peer() {
        return peer;
    }

    public long totalNanos() {
        return totalNanos;
    }

    public long phaseNanos(Phase phase) {
        return phaseNanos[phase.ordinal()];
    }

    /** Bytes allocated in the phase; 0 when {@link #allocationMeasured()} is false, which is no figure. */
    public long phaseAllocatedBytes(Phase phase) {
        return phaseAllocated[phase.ordinal()];
    }

    /** Hot spots of the kind met inside this request or call. */
    public int hotSpots(HotSpotKind kind) {
        return hotSpots[kind.ordinal()];
    }

    public boolean allocationMeasured() {
        return allocationMeasured;
    }

    public long bytesIn() {
        return bytesIn;
    }

    public long bytesOut() {
        return bytesOut;
    }

    /** Whether this is the operation named: its full name, or its local part ({@code getCustomersByName}). */
    boolean isOperation(String name) {
        return operation.equals(name) || operation.endsWith("}" + name);
    }
}
