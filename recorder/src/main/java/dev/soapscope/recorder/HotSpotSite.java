package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One place a hot spot happens: a kind and what the probe names (the factory method, the stream class, the
 * conversion path), with the stack of its first occurrence, the first stack of each named request that met it, and
 * counts per operation.
 */
public final class HotSpotSite {
    /**
     * Named requests whose first stack is kept here. One site is often reached from several callers (the same
     * {@code CryptoFactory.getInstance} from WSS4J's cache and from a per-request interceptor); a stack per operation
     * points each at its own. Bounded, as stacks are a few hundred bytes each.
     */
    public static final int MAX_OPERATION_STACKS = 16;

    private final HotSpotKind kind;
    private final String detail;
    /** The first stack seen inside a request: what a per-request hot spot should point at. */
    private volatile String requestStack;
    /** The first stack seen outside any request (start-up, background work): shown only when there is no other. */
    private volatile String backgroundStack;
    /** Request name (as it was when the request met this site) to the first stack seen under it. */
    private final ConcurrentHashMap<String, String> operationStacks = new ConcurrentHashMap<String, String>();
    private final AtomicLong total = new AtomicLong();
    private final AtomicLongArray perOperation;

    HotSpotSite(HotSpotKind kind, String detail, int operations) {
        this.kind = kind;
        this.detail = detail;
        this.perOperation = new AtomicLongArray(operations);
    }

    /**
     * Keeps the current stack if it is the first seen here in its setting, or the first under the request's name
     * {@code operation} (null when the request has none yet): at most two captures per site, plus one per name up to
     * {@link #MAX_OPERATION_STACKS}.
     */
    void noteStack(boolean inRequest, String operation, int depth) {
        if (inRequest) {
            String stack = null;
            if (requestStack == null) {
                stack = CallStacks.capture(depth);
                requestStack = stack;
            }
            if (operation != null && operationStacks.size() < MAX_OPERATION_STACKS
                    && !operationStacks.containsKey(operation)) {
                operationStacks.putIfAbsent(operation, stack != null ? stack : CallStacks.capture(depth));
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

    /**
     * The first stack seen here in a request named {@code operation}, else {@link #firstStack()}: what the operation's
     * events here should point at.
     */
    public String firstStack(String operation) {
        String s = operation == null ? null : operationStacks.get(operation);
        return s != null ? s : firstStack();
    }

    /** How many requests names have a stack of their own here (at most {@link #MAX_OPERATION_STACKS}). */
    public int operationStacksKept() {
        return operationStacks.size();
    }

    public long total() {
        return total.get();
    }

    public long count(int operation) {
        return perOperation.get(operation);
    }
}
