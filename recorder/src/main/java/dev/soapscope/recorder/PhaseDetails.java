package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A stack's own, finer phase names (CXF's "pre-protocol", "unmarshal", ...), each mapped once to one of our
 * {@link Phase}s. A probe enters a detail by the name the stack uses at run time; its self time counts for the
 * phase and for the detail. Names are registered by the agent at start, for inbound and outbound chains
 * separately (CXF uses the same names in both), and capped: a name nobody registered is simply not timed.
 */
public final class PhaseDetails {
    /** Detail ids fit in the upper bits of a stack entry; 0 means "no detail". */
    public static final int MAX = 127;
    static final int SHIFT = 8;

    private static final ConcurrentHashMap<String, Integer> INBOUND = new ConcurrentHashMap<String, Integer>();
    private static final ConcurrentHashMap<String, Integer> OUTBOUND = new ConcurrentHashMap<String, Integer>();
    private static final AtomicReferenceArray<String> LABELS = new AtomicReferenceArray<String>(MAX + 1);
    private static final int[] PHASES = new int[MAX + 1];
    /** The phase a detail counts for inside a SOAP call this JVM makes, where a name can mean otherwise. */
    private static final int[] CLIENT_PHASES = new int[MAX + 1];
    private static int size;

    private PhaseDetails() {
    }

    /** Registers a detail; returns its id, or 0 when the table is full. Idempotent. */
    public static synchronized int define(String name, boolean outbound, Phase phase) {
        ConcurrentHashMap<String, Integer> names = outbound ? OUTBOUND : INBOUND;
        Integer known = names.get(name);
        if (known != null) {
            return known;
        }
        if (size == MAX) {
            return 0;
        }
        int id = ++size;
        PHASES[id] = phase.ordinal();
        CLIENT_PHASES[id] = phase.ordinal();
        LABELS.set(id, (outbound ? "out:" : "in:") + name);
        names.put(name, id);
        return id;
    }

    /**
     * What a registered detail counts for inside a SOAP call, when not what it counts for in a served request (a
     * response's {@code invoke} chain phases are no service code on a client). Returns false when not registered.
     */
    public static synchronized boolean onClient(String name, boolean outbound, Phase phase) {
        Integer id = (outbound ? OUTBOUND : INBOUND).get(name);
        if (id == null) {
            return false;
        }
        CLIENT_PHASES[id] = phase.ordinal();
        return true;
    }

    /** The stack entry for a detail name, in a served request or a call, or -1 for a name not registered. */
    static int entry(String name, boolean outbound, boolean client) {
        Integer id = (outbound ? OUTBOUND : INBOUND).get(name);
        return id == null ? -1 : (client ? CLIENT_PHASES : PHASES)[id] | id << SHIFT;
    }

    /** The label shown for a detail id, such as {@code in:pre-protocol}; null when unused. */
    public static String label(int id) {
        return LABELS.get(id);
    }

    /** The phase a detail id counts for. */
    public static Phase phase(int id) {
        return Phase.of(PHASES[id]);
    }

    /** The phase a detail id counts for inside a SOAP call. */
    public static Phase clientPhase(int id) {
        return Phase.of(CLIENT_PHASES[id]);
    }
}
