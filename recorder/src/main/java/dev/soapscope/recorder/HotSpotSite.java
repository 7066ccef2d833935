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
    /** The first stack seen inside a request: what a per-request hot spot should point at. */
    private volatile String requestStack;
    /** The first stack seen outside any request (start-up, background work): shown only when there is no other. */
    private volatile String backgroundStack;
    private final AtomicLong total = new AtomicLong();
    private final AtomicLongArray perOperation;

    HotSpotSite(HotSpotKind kind, String detail, int operations) {
        this.kind = kind;
        this.detail = detail;
        this.perOperation = new AtomicLongArray(operations);
    }

    /** Keeps the current stack if it is the first seen here in its setting (at most two captures per site). */
    void noteStack(boolean inRequest, int depth) {
        if (inRequest) {
            if (requestStack == null) {
                requestStack = CallStacks.capture(depth);
            }
        } else if (backgroundStack == null) {
            backgroundStack = CallStacks.capture(depth);
        }
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

    /**
     * The first stack seen here inside a request, else the first seen outside any, innermost frame first, one
     * frame a line; empty for the overflow site.
     */
    public String firstStack() {
        String s = requestStack;
        if (s == null) {
            s = backgroundStack;
        }
        return s == null ? "" : s;
    }

    public long total() {
        return total.get();
    }

    public long count(int operation) {
        return perOperation.get(operation);
    }
}
