package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which probes could advise a class, from its name and the names of the methods it declares with code: an index of
 * the probes' method matchers by the names they can match ({@link MatcherNames}), built once. A probe outside the
 * answer advises none of the class's methods whatever its supertypes, so the weaver asks no matcher of it and reads
 * no supertype for it: on a server, nine classes in ten pass through here and no further.
 */
final class Candidates {
    /** Probes one of whose matchers can match any method name of any type: asked about every class. */
    private final BitSet always = new BitSet();
    /** Method name to the probes that can advise a method of that name, with the declaring types (null: any). */
    private final Map<String, List<Entry>> byMethod = new HashMap<String, List<Entry>>();
    /** Declaring type to the probes that can advise a method of any name it declares. */
    private final Map<String, BitSet> byType = new HashMap<String, BitSet>();

    private static final class Entry {
        final int probe;
        final Set<String> types;

        Entry(int probe, Set<String> types) {
            this.probe = probe;
            this.types = types;
        }
    }

    /** The index of {@code weavings} (probe {@code i}'s at {@code i}). */
    Candidates(List<Weaving> weavings) {
        for (int i = 0; i < weavings.size(); i++) {
            List<ElementMatcher<? super MethodDescription>> matchers = weavings.get(i).methodMatchers();
            if (matchers == null) {
                always.set(i);
                continue;
            }
            for (ElementMatcher<? super MethodDescription> m : matchers) {
                for (MatcherNames.Names n : MatcherNames.of(m)) {
                    add(i, n);
                }
            }
        }
    }

    private void add(int probe, MatcherNames.Names n) {
        if (n.any()) {
            always.set(probe);
        } else if (n.methods == null) {
            for (String type : n.types) {
                BitSet probes = byType.get(type);
                if (probes == null) {
                    probes = new BitSet();
                    byType.put(type, probes);
                }
                probes.set(probe);
            }
        } else {
            for (String method : n.methods) {
                List<Entry> entries = byMethod.get(method);
                if (entries == null) {
                    entries = new ArrayList<Entry>(2);
                    byMethod.put(method, entries);
                }
                entries.add(new Entry(probe, n.types));
            }
        }
    }

    /**
     * The probes that could advise one of {@code methods} (names of the methods with code) of the class {@code type}
     * (a binary name), in the probes' order; null if none could (most classes).
     */
    List<Integer> of(String type, String[] methods) {
        BitSet found = byType.get(type);
        found = found == null ? null : (BitSet) found.clone();
        for (String method : methods) {
            List<Entry> entries = byMethod.get(method);
            if (entries == null) {
                continue;
            }
            for (Entry e : entries) {
                if (e.types == null || e.types.contains(type)) {
                    found = found == null ? new BitSet() : found;
                    found.set(e.probe);
                }
            }
        }
        if (found == null) {
            if (always.isEmpty()) {
                return null;
            }
            found = new BitSet();
        }
        found.or(always);
        List<Integer> probes = new ArrayList<Integer>(found.cardinality());
        for (int i = found.nextSetBit(0); i >= 0; i = found.nextSetBit(i + 1)) {
            probes.add(i);
        }
        return probes;
    }

    /** Probes asked about every class (their matchers' names could not be read): which, for the tests. */
    BitSet always() {
        return (BitSet) always.clone();
    }
}
