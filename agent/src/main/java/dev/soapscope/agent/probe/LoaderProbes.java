package dev.soapscope.agent.probe;

import java.util.Arrays;
import java.util.HashMap;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The probes the pass over already loaded classes asks about the classes of one loader: those that may match its
 * classes, by class name where a probe's matcher names its classes ({@link Probe#classNames}). At premain that is the
 * JDK's classes, and most of them are then asked nothing.
 */
final class LoaderProbes {
    private static final int[] NONE = new int[0];

    /** Probes that can match a class of any name (one below a type, say). */
    private final int[] anyName;
    /** Class name to the probes that match classes of a few names only, this among them. */
    private final Map<String, int[]> byName;

    private LoaderProbes(int[] anyName, Map<String, int[]> byName) {
        this.anyName = anyName;
        this.byName = byName;
    }

    /** Which of {@code probes} (by index) to ask about the classes of {@code loader}. */
    static LoaderProbes of(List<Probe> probes, ClassLoader loader) {
        int[] any = new int[probes.size()];
        int n = 0;
        Map<String, int[]> byName = new HashMap<String, int[]>();
        for (int i = 0; i < probes.size(); i++) {
            Probe p = probes.get(i);
            if (!p.mayMatchClassesOf(loader)) {
                continue;
            }
            Set<String> names = p.classNames(loader);
            if (names == null) {
                any[n++] = i;
                continue;
            }
            for (String name : names) {
                int[] these = byName.get(name);
                these = these == null ? new int[1] : Arrays.copyOf(these, these.length + 1);
                these[these.length - 1] = i;
                byName.put(name, these);
            }
        }
        return new LoaderProbes(Arrays.copyOf(any, n), byName);
    }

    /** The probes that can match any class of this loader. */
    int[] anyName() {
        return anyName;
    }

    /** The probes that match classes of a few names, {@code className} (a binary name) among them. */
    int[] named(String className) {
        int[] these = byName.get(className);
        return these == null ? NONE : these;
    }

    /** How many probes could match a class of this loader, of any name or of one of theirs. */
    int asked() {
        BitSet all = new BitSet();
        for (int i : anyName) {
            all.set(i);
        }
        for (int[] these : byName.values()) {
            for (int i : these) {
                all.set(i);
            }
        }
        return all.cardinality();
    }
}
