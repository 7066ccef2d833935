package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The SOAP calls a JVM makes, one row per operation and peer ({@code host:port}): the row's stats and which served
 * operations made its calls. Rows are capped (they become metric tags) and never evicted; calls that get no row are
 * counted under {@link #OTHER}. Lookups of known rows neither lock nor allocate.
 */
public final class ClientCalls {
    public static final int OTHER = 0;
    public static final String OTHER_NAME = "other";
    /** The operation of a call no probe could name. */
    public static final String UNNAMED = "(unnamed)";
    /** The peer of a call whose address no probe saw. */
    public static final String UNKNOWN_PEER = "unknown";
    /** Served operations kept per row as where its calls came from; the rest are counted as {@code other}. */
    static final int MAX_CALLERS = 8;

    private final int capacity;
    private final ConcurrentHashMap<String, ConcurrentHashMap<String, Integer>> byOperation =
            new ConcurrentHashMap<String, ConcurrentHashMap<String, Integer>>();
    private final AtomicReferenceArray<String> operations;
    private final AtomicReferenceArray<String> peers;
    private final AtomicReferenceArray<OperationStats> stats;
    private final AtomicReferenceArray<ConcurrentHashMap<String, AtomicLong>> callers;
    private int size = 1;

    ClientCalls(int maxCalls) {
        this.capacity = maxCalls + 1;
        this.operations = new AtomicReferenceArray<String>(capacity);
        this.peers = new AtomicReferenceArray<String>(capacity);
        this.stats = new AtomicReferenceArray<OperationStats>(capacity);
        this.callers = new AtomicReferenceArray<ConcurrentHashMap<String, AtomicLong>>(capacity);
        operations.set(OTHER, OTHER_NAME);
        peers.set(OTHER, OTHER_NAME);
    }

    public int capacity() {
        return capacity;
    }

    /** Rows in use, all below this. */
    public synchronized int size() {
        return size;
    }

    public String operation(int row) {
        return operations.get(row);
    }

    public String peer(int row) {
        return peers.get(row);
    }

    /** The stats of a row, or null if no call was recorded in it. */
    public OperationStats stats(int row) {
        return stats.get(row);
    }

    /** Served operations that made this row's calls, with how many each (calls outside any request are not here). */
    public java.util.Map<String, Long> callers(int row) {
        java.util.Map<String, Long> out = new java.util.TreeMap<String, Long>();
        ConcurrentHashMap<String, AtomicLong> m = callers.get(row);
        if (m != null) {
            for (java.util.Map.Entry<String, AtomicLong> e : m.entrySet()) {
                out.put(e.getKey(), e.getValue().get());
            }
        }
        return out;
    }

    /** The row of an operation at a peer: admitted while the table has room, else {@link #OTHER}. */
    int indexOf(String operation, String peer) {
        ConcurrentHashMap<String, Integer> atPeers = byOperation.get(operation);
        Integer known = atPeers == null ? null : atPeers.get(peer);
        return known != null ? known : admit(operation, peer);
    }

    private synchronized int admit(String operation, String peer) { // only while new rows arrive
        ConcurrentHashMap<String, Integer> atPeers = byOperation.get(operation);
        if (atPeers == null) {
            atPeers = new ConcurrentHashMap<String, Integer>();
            byOperation.put(operation, atPeers);
        }
        Integer known = atPeers.get(peer);
        if (known != null) {
            return known;
        }
        if (size >= capacity) {
            return OTHER;
        }
        int row = size++;
        operations.set(row, operation);
        peers.set(row, peer);
        atPeers.put(peer, row);
        return row;
    }

    OperationStats statsFor(int row) {
        OperationStats s = stats.get(row);
        if (s == null) {
            stats.compareAndSet(row, null, new OperationStats());
            s = stats.get(row);
        }
        return s;
    }

    /** One call of this row made inside the served operation {@code caller}. */
    void calledFrom(int row, String caller) {
        ConcurrentHashMap<String, AtomicLong> m = callers.get(row);
        if (m == null) {
            callers.compareAndSet(row, null, new ConcurrentHashMap<String, AtomicLong>());
            m = callers.get(row);
        }
        AtomicLong n = m.get(caller);
        if (n == null) {
            String key = m.size() < MAX_CALLERS ? caller : OTHER_NAME;
            AtomicLong fresh = new AtomicLong();
            n = m.putIfAbsent(key, fresh);
            if (n == null) {
                n = fresh;
            }
        }
        n.incrementAndGet();
    }

    /** All calls recorded, in every row. */
    public long calls() {
        long n = 0;
        for (int i = 0; i < capacity; i++) {
            OperationStats s = stats.get(i);
            if (s != null) {
                n += s.requests();
            }
        }
        return n;
    }
}
