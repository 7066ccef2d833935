package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Operation names to small indexes. The number of names is capped (they become metric tags and may come
 * from clients): names past the cap share {@link #OTHER}. Lookups of known names neither lock nor allocate.
 */
public final class OperationTable {
    /** Work done on a thread that had no request open (background threads, work handed off by a request). */
    public static final int NO_REQUEST = 0;
    /** Every name past the cap. */
    public static final int OTHER = 1;
    public static final String NO_REQUEST_NAME = "(no request)";
    public static final String OTHER_NAME = "other";
    private static final int RESERVED = 2;
    /** Longer names are cut: a name is a label, not a payload. */
    static final int MAX_NAME_LENGTH = 120;

    private final int capacity;
    private final ConcurrentHashMap<String, Integer> indexes = new ConcurrentHashMap<String, Integer>();
    private final AtomicReferenceArray<String> names;
    private final AtomicInteger size = new AtomicInteger(RESERVED);

    OperationTable(int maxOperations) {
        this.capacity = maxOperations + RESERVED;
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

    /** The index of a request's operation; the reserved names are never given to a request's own name. */
    int indexOf(String name) {
        if (NO_REQUEST_NAME.equals(name)) {
            return OTHER;
        }
        Integer known = indexes.get(name);
        if (known != null) {
            return known;
        }
        if (size.get() >= capacity) {
            return OTHER;
        }
        synchronized (this) { // only while new names arrive, never in steady state
            known = indexes.get(name);
            if (known != null) {
                return known;
            }
            int index = size.get();
            if (index >= capacity) {
                return OTHER;
            }
            names.set(index, name);
            indexes.put(name, index);
            size.set(index + 1);
            return index;
        }
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
