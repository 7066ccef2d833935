package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
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
    /** Method name to the probes that can advise a method of that name, of any type or of the types named. */
    private final Map<String, ByName> byMethod = new HashMap<String, ByName>();
    /** Declaring type to the probes that can advise a method of any name it declares. */
    private final Map<String, BitSet> byType = new HashMap<String, BitSet>();
    /** The method names {@link #byMethod} holds, looked up by their bytes in a class file. */
    private final KnownNames names;
    /** {@link #always} as the answer for a class no other probe could advise: one list, never changed. */
    private final List<Integer> alwaysOnly;

    /** The probes that can advise a method of one name: declared by any type, or by one of the types named. */
    private static final class ByName {
        final BitSet anyType = new BitSet();
        final Map<String, BitSet> byType = new HashMap<String, BitSet>();
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
        names = new KnownNames(byMethod.keySet());
        alwaysOnly = always.isEmpty() ? null : Collections.unmodifiableList(list(always));
    }

    /**
     * The method names that can make a class a candidate: what {@link ClassHeader#outline(byte[], KnownNames)}
     * keeps of a class's names, the rest making no difference to {@link #of}.
     */
    KnownNames methodNames() {
        return names;
    }

    private void add(int probe, MatcherNames.Names n) {
        if (n.any()) {
            always.set(probe);
        } else if (n.methods == null) {
            set(byType, n.types, probe);
        } else {
            for (String method : n.methods) {
                ByName byName = byMethod.get(method);
                if (byName == null) {
                    byName = new ByName();
                    byMethod.put(method, byName);
                }
                if (n.types == null) {
                    byName.anyType.set(probe);
                } else {
                    set(byName.byType, n.types, probe);
                }
            }
        }
    }

    private static void set(Map<String, BitSet> byType, Set<String> types, int probe) {
        for (String type : types) {
            BitSet probes = byType.get(type);
            if (probes == null) {
                probes = new BitSet();
                byType.put(type, probes);
            }
            probes.set(probe);
        }
    }

    /**
     * The probes that could advise one of {@code methods} (names of the methods with code) of the class {@code type}
     * (a binary name), in the probes' order; null if none could (most classes). Not to be changed: it may be shared.
     */
    List<Integer> of(String type, String[] methods) {
        BitSet found = byType.get(type);
        found = found == null ? null : (BitSet) found.clone();
        for (String method : methods) {
            ByName byName = byMethod.get(method);
            if (byName == null) {
                continue;
            }
            found = or(found, byName.anyType);
            found = or(found, byName.byType.get(type));
        }
        if (found == null) {
            return alwaysOnly; // most classes: no allocation
        }
        found.or(always);
        return list(found);
    }

    /** {@code found} with {@code more} set too (made if null); {@code found} as it is if {@code more} has none. */
    private static BitSet or(BitSet found, BitSet more) {
        if (more == null || more.isEmpty()) {
            return found;
        }
        found = found == null ? new BitSet() : found;
        found.or(more);
        return found;
    }

    private static List<Integer> list(BitSet probes) {
        List<Integer> list = new ArrayList<Integer>(probes.cardinality());
        for (int i = probes.nextSetBit(0); i >= 0; i = probes.nextSetBit(i + 1)) {
            list.add(i);
        }
        return list;
    }

    /** Probes asked about every class (their matchers' names could not be read): which, for the tests. */
    BitSet always() {
        return (BitSet) always.clone();
    }
}
