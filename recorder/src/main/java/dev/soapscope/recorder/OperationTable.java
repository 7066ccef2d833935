package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Operation names to small indexes. The number of names is capped (they become metric tags), and clients choose
 * some of them (the SOAPAction header, the servlet path), so the table is built to resist a client sending junk:
 * <ul>
 * <li>names the SOAP stack resolved ({@link NameSource#STACK}: binding operation, payload root, WSDD service) are
 * admitted at once, and a quarter of the table is kept for them alone;</li>
 * <li>a name from the request's headers is admitted at once only while the table is less than half full; after
 * that it must recur ({@link #ADMIT_AFTER} sightings) before it gets a row, so names a client sends once never
 * take one. A header name that gets no row is counted under the name the stack resolved for the same request,
 * if there is one, else under {@link #OTHER};</li>
 * <li>the reserved bucket names are never given to a request ({@link #isReserved}).</li>
 * </ul>
 * Rows are never evicted: a name once admitted keeps its index, so its metrics stay one series. Lookups of known
 * names neither lock nor allocate.
 */
public final class OperationTable {
    /** Work done on a thread that had no request open (background threads, work handed off by a request). */
    public static final int NO_REQUEST = 0;
    /** Every name that got no row. */
    public static final int OTHER = 1;
    public static final String NO_REQUEST_NAME = "(no request)";
    public static final String OTHER_NAME = "other";
    private static final int RESERVED = 2;
    /** Longer names are cut: a name is a label, not a payload. */
    static final int MAX_NAME_LENGTH = 120;
    /** Sightings a header name needs, once the table is half full, before it gets a row. */
    static final int ADMIT_AFTER = 3;
    /** Header names being counted towards admission; the count starts afresh when this many are pending. */
    static final int MAX_PENDING = 1024;

    private final int capacity;
    /** Rows header names may take: three quarters of the table (at least one). */
    private final int headerRows;
    /** Rows header names take at first sight: half the table (at least one). */
    private final int freeHeaderRows;
    private final ConcurrentHashMap<String, Integer> indexes = new ConcurrentHashMap<String, Integer>();
    private final AtomicReferenceArray<String> names;
    private final AtomicInteger size = new AtomicInteger(RESERVED);
    private final ConcurrentHashMap<String, AtomicInteger> pending = new ConcurrentHashMap<String, AtomicInteger>();
    private int headerNames;

    OperationTable(int maxOperations) {
        this.capacity = maxOperations + RESERVED;
        this.headerRows = Math.max(1, maxOperations * 3 / 4);
        this.freeHeaderRows = Math.max(1, maxOperations / 2);
        this.names = new AtomicReferenceArray<String>(capacity);
        names.set(NO_REQUEST, NO_REQUEST_NAME);
        names.set(OTHER, OTHER_NAME);
        indexes.put(NO_REQUEST_NAME, NO_REQUEST);
        indexes.put(OTHER_NAME, OTHER);
    }

    /** Size of arrays indexed by operation. */
    public int capacity() {
        return capacity;
    }

    /** Indexes in use, all below this. */
    public int size() {
        return Math.min(size.get(), capacity);
    }

    public String name(int index) {
        return names.get(index);
    }

    /** Header names being counted towards admission now. */
    int pendingCount() {
        return pending.size();
    }

    /** Whether a name is one of the buckets soapscope keeps for itself, which no request may claim. */
    public static boolean isReserved(String name) {
        return NO_REQUEST_NAME.equals(name) || OTHER_NAME.equals(name);
    }

    /** The index of a name the stack resolved (or a test's name): admitted while the table has room. */
    int indexOf(String name) {
        return indexOf(name, NameSource.STACK, null);
    }

    /**
     * The index of a request's operation: {@code name} came from {@code source}; {@code stackName} is the name the
     * stack resolved for the same request (or null), used when a header name gets no row.
     */
    int indexOf(String name, NameSource source, String stackName) {
        if (name == null || isReserved(name)) {
            return stackName != null && !isReserved(stackName) ? indexOf(stackName, NameSource.STACK, null) : OTHER;
        }
        Integer known = indexes.get(name);
        if (known != null) {
            return known;
        }
        boolean fromStack = source.resolvedByStack();
        int index = fromStack || mayAdmitHeaderName(name) ? admit(name, fromStack) : OTHER;
        if (index == OTHER && !fromStack && stackName != null && !stackName.equals(name)) {
            return indexOf(stackName, NameSource.STACK, null);
        }
        return index;
    }

    /** Whether a header name may have a row now: at first sight while rows are plenty, else once it recurs. */
    private boolean mayAdmitHeaderName(String name) {
        int taken;
        synchronized (this) {
            taken = headerNames;
        }
        if (taken >= headerRows) {
            return false;
        }
        if (taken < freeHeaderRows) {
            return true;
        }
        AtomicInteger seen = pending.get(name);
        if (seen == null) {
            if (pending.size() >= MAX_PENDING) {
                pending.clear(); // rare names age out together: the count is bounded whatever clients send
            }
            AtomicInteger first = new AtomicInteger();
            seen = pending.putIfAbsent(name, first);
            if (seen == null) {
                seen = first;
            }
        }
        if (seen.incrementAndGet() < ADMIT_AFTER) {
            return false;
        }
        pending.remove(name);
        return true;
    }

    private synchronized int admit(String name, boolean fromStack) { // only while new names arrive
        Integer known = indexes.get(name);
        if (known != null) {
            return known;
        }
        int index = size.get();
        if (index >= capacity || (!fromStack && headerNames >= headerRows)) {
            return OTHER;
        }
        names.set(index, name);
        indexes.put(name, index);
        size.set(index + 1);
        if (!fromStack) {
            headerNames++;
        }
        return index;
    }

    /** A header or path made fit to be a label: trimmed, unquoted, printable, bounded; null when empty. */
    static String clean(String raw) {
        if (raw == null) {
            return null;
        }
        String s = raw.trim();
        if (s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            s = s.substring(1, s.length() - 1).trim();
        }
        if (s.isEmpty()) {
            return null;
        }
        if (s.length() > MAX_NAME_LENGTH) {
            s = s.substring(0, MAX_NAME_LENGTH);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                StringBuilder b = new StringBuilder(s);
                for (int j = i; j < b.length(); j++) {
                    if (b.charAt(j) < 0x20 || b.charAt(j) == 0x7f) {
                        b.setCharAt(j, '?');
                    }
                }
                return b.toString();
            }
        }
        return s;
    }
}
