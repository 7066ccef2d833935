package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import net.bytebuddy.dynamic.ClassFileLocator;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Matches types that are, or extend or implement, one of some named types: Byte Buddy's
 * {@code hasSuperType(named(...))}, decided from class file headers. Every class a server loads is asked by each
 * probe whose loader sees its stack. For the class being loaded ({@link ClassWeaver}), this takes the supertypes'
 * names from their classes where its loader has loaded them already ({@link LoadedTypes}: most, since the JVM loads a
 * class's supertypes before it), else reads them from their class files' headers ({@link ClassHeader}), and keeps,
 * per loader, which of the names any matcher asks for each class is below: a class is read once at most, and its
 * subclasses cost a look-up. For a loaded class (retransformed at start, or
 * when the agent attaches) the erasures' names are gathered once per class and thread; a class being loaded whose
 * supertypes' class files cannot be read matches nothing, as Byte Buddy's matcher failed on it.
 */
final class Supertypes extends ElementMatcher.Junction.AbstractBase<TypeDescription> {
    /** The class last walked on this thread (held weakly: it holds its class loader) and its supertypes' names. */
    private static final ThreadLocal<Walked> LAST = new ThreadLocal<Walked>();
    /** Every name any of these matchers asks for: all that a class's supertypes are checked against. */
    private static final Set<String> TARGETS = Collections.newSetFromMap(new ConcurrentHashMap<String, Boolean>());
    /** The class being matched on this thread, from the class file being loaded; null outside a transform. */
    private static final ThreadLocal<Loading> LOADING = new ThreadLocal<Loading>();
    /** The answer while assuming: below every name asked ({@link #assumeUnknown}); compared by identity. */
    private static final Set<String> ASSUMED = Collections.unmodifiableSet(new HashSet<String>());
    /** Deeper than any real hierarchy: a cycle, or a class file we misread. */
    private static final int MAX_DEPTH = 64;

    private final Set<String> names;

    private Supertypes(String... names) {
        this.names = Collections.unmodifiableSet(new HashSet<String>(Arrays.asList(names)));
        TARGETS.addAll(this.names);
    }

    /**
     * The class {@code name} being loaded by {@code loader} is about to be matched: its own class file comes from
     * {@code classFiles}, its supertypes' headers from the loader's classes when loaded already ({@link LoadedTypes}),
     * else from {@code classFiles} too, and what was learnt of its loader's classes is kept in {@code known}.
     */
    static void loading(String name, ClassLoader loader, Map<String, Set<String>> known, ClassFileLocator classFiles) {
        LOADING.set(new Loading(name, loader, known, classFiles));
    }

    /**
     * Until {@link #readingAllowed}, the class being loaded is taken to be below every name asked whose answer is
     * not known yet, and no class file is read: an upper bound, since no matcher negates these.
     */
    static void assumeUnknown() {
        Loading loading = LOADING.get();
        if (loading != null) {
            loading.assuming = true;
        }
    }

    /** Whether an answer was assumed since {@link #assumeUnknown}. */
    static boolean assumed() {
        Loading loading = LOADING.get();
        return loading != null && loading.assumed;
    }

    /** From now on, answers not known are read from the class files (the class may be woven). */
    static void readingAllowed() {
        Loading loading = LOADING.get();
        if (loading != null) {
            loading.assuming = false;
        }
    }

    /**
     * Whether a matcher asked about the supertypes of the class being loaded since {@link #loading}: if not, what was
     * decided of it (and woven) does not depend on them ({@link WeaveCache}).
     */
    static boolean askedLoading() {
        Loading loading = LOADING.get();
        return loading != null && loading.asked;
    }

    /**
     * The supertypes' names any matcher may ask about that the class being loaded is or is below, read now if not
     * known (the class is to be woven, {@link WeaveCache}); null outside a transform or if a class file cannot be read.
     */
    static List<String> aboveLoading() {
        Loading loading = LOADING.get();
        if (loading == null) {
            return null;
        }
        loading.assuming = false;
        Set<String> above = loading.above();
        return above == null || above == ASSUMED ? null : new ArrayList<String>(above);
    }

    /** The transform is over: drops the class file and loader the thread held. */
    static void loaded() {
        LOADING.remove();
    }

    /** Types that are, or are below, any of {@code types} (binary names). */
    static Supertypes belowAny(String... types) {
        return new Supertypes(types);
    }

    @Override
    public boolean matches(TypeDescription type) {
        Loading loading = LOADING.get();
        if (loading != null && loading.name.equals(type.getName())) {
            loading.asked = true;
            Set<String> above = loading.above();
            if (above == ASSUMED) {
                return true;
            }
            if (above != null) {
                return !Collections.disjoint(above, names);
            }
        }
        return walkedBelow(type);
    }

    /** For a loaded class (or one whose supertypes cannot be read): from its description's supertypes. */
    private boolean walkedBelow(TypeDescription type) {
        Walked walked = walk(type);
        for (String name : names) {
            if (walked.names.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** The names of {@code type} and all of its supertypes, walked once per class and thread. */
    static Walked walk(TypeDescription type) {
        Walked last = LAST.get();
        if (last != null && last.type.get() == type) {
            return last;
        }
        Set<String> seen = new HashSet<String>();
        ArrayDeque<TypeDescription> todo = new ArrayDeque<TypeDescription>();
        todo.add(type);
        while (!todo.isEmpty()) {
            TypeDescription t = todo.poll();
            if (!seen.add(t.getName())) {
                continue;
            }
            try {
                TypeDescription.Generic superClass = t.getSuperClass();
                if (superClass != null) {
                    todo.add(superClass.asErasure());
                }
                for (TypeDefinition i : t.getInterfaces()) {
                    todo.add(i.asErasure());
                }
            } catch (RuntimeException e) {
                // a description that cannot resolve a supertype (none the weaver makes): the others may still say yes
            }
        }
        Walked walked = new Walked(type, seen);
        LAST.set(walked);
        return walked;
    }

    /**
     * The {@link #TARGETS} that {@code name} is or is below, read from class file headers and kept per loader in
     * {@code known}; null if some supertype's class file cannot be read or parsed (the class is then described by its name alone).
     */
    static Set<String> targetsAbove(String name, ClassLoader loader, Map<String, Set<String>> known,
                                    ClassFileLocator classFiles, int depth) {
        Set<String> above = known.get(name);
        if (above != null) {
            return above;
        }
        if (depth > MAX_DEPTH) {
            return null;
        }
        String[] supertypes = supertypes(name, loader, classFiles);
        if (supertypes == null) {
            return null;
        }
        above = TARGETS.contains(name) ? Collections.singleton(name) : Collections.<String>emptySet();
        for (String s : supertypes) {
            Set<String> more = targetsAbove(s, loader, known, classFiles, depth + 1);
            if (more == null) {
                return null;
            }
            if (!more.isEmpty()) {
                Set<String> union = new HashSet<String>(above);
                union.addAll(more);
                above = union;
            }
        }
        known.put(name, above);
        return above;
    }

    /**
     * As {@link #targetsAbove}, when every direct supertype of {@code name} is known already: only the class's own
     * header is read (from {@code classFiles}, which holds the class being loaded); null if a supertype is not known.
     */
    static Set<String> targetsAboveKnown(String name, ClassLoader loader, Map<String, Set<String>> known,
                                         ClassFileLocator classFiles) {
        Set<String> above = known.get(name);
        if (above != null) {
            return above;
        }
        String[] supertypes = supertypes(name, loader, classFiles);
        if (supertypes == null) {
            return null;
        }
        for (String s : supertypes) {
            if (!known.containsKey(s)) {
                return null;
            }
        }
        return targetsAbove(name, loader, known, classFiles, 0); // reads nothing more: each supertype's answer is known
    }

    /**
     * The direct supertypes of {@code name}: as {@code loader} loaded it, else named in its class file header; null if
     * that cannot be read or parsed.
     */
    private static String[] supertypes(String name, ClassLoader loader, ClassFileLocator classFiles) {
        String[] loaded = LoadedTypes.supertypes(name, loader);
        if (loaded != null) {
            return loaded;
        }
        try {
            ClassFileLocator.Resolution file = classFiles.locate(name);
            return file.isResolved() ? ClassHeader.supertypes(file.resolve()) : null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return "belowAny(" + names + ")";
    }

    /** The class being loaded on a thread, and the targets it is below once asked. */
    private static final class Loading {
        final String name;
        final ClassLoader loader;
        final Map<String, Set<String>> known;
        final ClassFileLocator classFiles;
        /** Answers not known are assumed yes rather than read ({@link #assumeUnknown}). */
        boolean assuming;
        /** Whether an answer was assumed (then {@link #above} is {@link #ASSUMED} while assuming). */
        boolean assumed;
        /** The targets above, {@link #ASSUMED}, or null if unreadable; valid once {@link #decided}. */
        private Set<String> above;
        /** Whether {@link #above} is the final answer (not one assumed, nor not asked yet). */
        private boolean decided;
        /** Whether a matcher asked ({@link #above} was called by one). */
        boolean asked;

        Loading(String name, ClassLoader loader, Map<String, Set<String>> known, ClassFileLocator classFiles) {
            this.name = name;
            this.loader = loader;
            this.known = known;
            this.classFiles = classFiles;
        }

        /** Small, for every matcher's call: the answer once decided, else {@link #decide}. */
        Set<String> above() {
            return decided || assuming && assumed ? above : decide();
        }

        /**
         * While assuming: from the known answers of its supertypes, or {@link #ASSUMED} if one is not known (nothing
         * read); else from the class files of its supertypes not known.
         */
        private Set<String> decide() {
            if (assuming) {
                above = Supertypes.targetsAboveKnown(name, loader, known, classFiles);
                decided = above != null;
                if (!decided) {
                    above = ASSUMED;
                    assumed = true;
                }
            } else {
                above = Supertypes.targetsAbove(name, loader, known, classFiles, 0);
                decided = true;
            }
            return above;
        }
    }

    static final class Walked {
        final WeakReference<TypeDescription> type;
        final Set<String> names;

        Walked(TypeDescription type, Set<String> names) {
            this.type = new WeakReference<TypeDescription>(type);
            this.names = names;
        }
    }
}
