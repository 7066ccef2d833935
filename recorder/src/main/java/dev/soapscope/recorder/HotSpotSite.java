package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One place a hot spot happens: a kind and what the probe names (the factory method, the stream class, the
 * conversion path), with the stack of its first occurrence and counts per operation.
 */
public final class HotSpotSite {
    private final HotSpotKind kind;
    private final String detail;
    private final String firstStack;
    private final AtomicLong total = new AtomicLong();
    private final AtomicLongArray perOperation;

    HotSpotSite(HotSpotKind kind, String detail, String firstStack, int operations) {
        this.kind = kind;
        this.detail = detail;
        this.firstStack = firstStack;
        this.perOperation = new AtomicLongArray(operations);
    }

    void add(int operation, long count) {
        total.addAndGet(count);
        perOperation.addAndGet(operation, count);
    }

    public HotSpotKind kind() {
        return kind;
    }

    public String detail() {
        return detail;
    }

    /** The first stack seen here, innermost frame first, one frame a line. */
    public String firstStack() {
        return firstStack;
    }

    public long total() {
        return total.get();
    }

    public long count(int operation) {
        return perOperation.get(operation);
    }
}
