package dev.soapscope.junit5;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/** The requests served, or the calls made, during a test (or part of one): their figures, summed. */
public final class Exchanges {
    private final List<Exchange> all;

    Exchanges(List<Exchange> all) {
        this.all = Collections.unmodifiableList(new ArrayList<Exchange>(all));
    }

    public List<Exchange> all() {
        return all;
    }

    public int count() {
        return all.size();
    }

    /** Only those of one operation: its full name, or its local part. */
    public Exchanges operation(String name) {
        List<Exchange> kept = new ArrayList<Exchange>();
        for (Exchange e : all) {
            if (e.isOperation(name)) {
                kept.add(e);
            }
        }
        return new Exchanges(kept);
    }

    /** How many of each operation, by name. */
    public Map<String, Integer> operations() {
        Map<String, Integer> counts = new TreeMap<String, Integer>();
        for (Exchange e : all) {
            Integer n = counts.get(e.operation());
            counts.put(e.operation(), n == null ? 1 : n + 1);
        }
        return counts;
    }

    /** {@code 5 calls made ({ns}getCustomersByName: 5)}: how many, and of which operations. */
    String describe(Side side) {
        StringBuilder b = new StringBuilder().append(all.size()).append(' ').append(all.size() == 1 ? side.one : side.many);
        String sep = " (";
        for (Map.Entry<String, Integer> op : operations().entrySet()) {
            b.append(sep).append(op.getKey()).append(": ").append(op.getValue());
            sep = ", ";
        }
        return all.isEmpty() ? b.toString() : b.append(')').toString();
    }

    /** Hot spots of the kind met inside them. */
    public long hotSpots(HotSpotKind kind) {
        return sum(e -> e.hotSpots(kind));
    }

    public long phaseNanos(Phase phase) {
        return sum(e -> e.phaseNanos(phase));
    }

    public long totalNanos() {
        return sum(Exchange::totalNanos);
    }

    /** The phase's share of their time, 0 to 1; 0 when there is none. */
    public double phaseShare(Phase phase) {
        long total = totalNanos();
        return total == 0 ? 0 : (double) phaseNanos(phase) / total;
    }

    /** Bytes allocated in the phase over those whose allocation was measured. */
    public long phaseAllocatedBytes(Phase phase) {
        return sum(e -> e.phaseAllocatedBytes(phase));
    }

    /** How many had their allocation measured (none with allocation off, or on virtual threads). */
    public int allocationMeasured() {
        return (int) sum(e -> e.allocationMeasured() ? 1 : 0);
    }

    private long sum(ToLongFunction<Exchange> figure) {
        long n = 0;
        for (Exchange e : all) {
            n += figure.applyAsLong(e);
        }
        return n;
    }
}
