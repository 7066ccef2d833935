package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One place a hot spot happens: a kind, what the probe names (the factory method, the stream class, the conversion
 * path) and the caller that made it happen ({@link Callers}), with the stack of its first occurrence, the first stack
 * of each named request that met it, and counts per operation. A site whose caller is a class initializer is
 * one-off: its events happen once per class, whatever the traffic, so they are never a rate per request.
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
    private final String caller;
    private final boolean oneOff;
    /** Caller identity, compared on every event: class, method and position. */
    private final Caller callerFrame;
    /** The first stack seen inside a request: what a per-request hot spot should point at. */
    private volatile String requestStack;
    /** The first stack seen outside any request (start-up, background work): shown only when there is no other. */
    private volatile String backgroundStack;
    /** Request name (as it was when the request met this site) to the first stack seen under it. */
    private final ConcurrentHashMap<String, String> operationStacks = new ConcurrentHashMap<String, String>();
    private final AtomicLong total = new AtomicLong();
    private final AtomicLongArray perOperation;
    /** Per operation, how many requests met this site (once each, however many events they had here). */
    private final AtomicIntegerArray requestsPerOperation;

    /** {@code caller} null: the overflow site, which has none. */
    HotSpotSite(HotSpotKind kind, String detail, Caller caller, int operations) {
        this.kind = kind;
        this.detail = detail;
        this.callerFrame = caller;
        this.caller = caller == null ? "" : caller.describe();
        this.oneOff = caller != null && caller.classInitializer;
        this.perOperation = new AtomicLongArray(operations);
        this.requestsPerOperation = new AtomicIntegerArray(operations);
    }

    boolean isAt(Caller c) {
        return callerFrame != null && callerFrame.sameAs(c);
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

    /** Events outside any request or call once the JVM was making calls ({@link Aggregates#backgroundWhileCalling}). */
    private final AtomicLong whileCalling = new AtomicLong();

    void addWhileCalling() {
        whileCalling.incrementAndGet();
    }

    /** Of this site's events outside requests, those after the JVM's first SOAP call was recorded. */
    public long whileCalling() {
        return whileCalling.get();
    }

    /** Events of one request (or, outside requests, one event) under {@code operation}. */
    void add(int operation, long count) {
        total.addAndGet(count);
        perOperation.addAndGet(operation, count);
        requestsPerOperation.incrementAndGet(operation);
    }

    public HotSpotKind kind() {
        return kind;
    }

    public String detail() {
        return detail;
    }

    /** The caller, {@code class.method(File.java:line)}; empty for the overflow site. */
    public String caller() {
        return caller;
    }

    /** Its caller is a class initializer: its events are counted apart from every per-request rate. */
    public boolean oneOff() {
        return oneOff;
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

    /** How many requests of the operation met this site. */
    public int requests(int operation) {
        return requestsPerOperation.get(operation);
    }
}
