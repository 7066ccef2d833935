package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.MethodTooLargeException;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.matcher.ElementMatcher;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's class file transformer: decides from a class's name, loader and header which probes want it, and weaves
 * only those classes, with the probes' advice inlined by {@link AdviceInliner}. Every class first costs one read of
 * its header (its methods' names) and a look-up of the probes that could advise a method of those names
 * ({@link Candidates}): most classes end there, before any matcher or supertype is asked. The probes' matchers are
 * Byte Buddy's, asked about descriptions made from the class file's header and each method's descriptor (nothing else
 * is parsed).
 */
final class ClassWeaver implements ClassFileTransformer {
    /** Never ours, nor Byte Buddy's, nor the JDK's reflection accessors. */
    private static final String[] IGNORED = {"dev/soapscope/agent/", "dev/soapscope/recorder/", "dev/soapscope/config/",
            "dev/soapscope/metrics/", "dev/soapscope/filter/", "dev/soapscope/shaded/", "net/bytebuddy/",
            "jdk/internal/reflect/", "sun/reflect/"};
    /** Supertype answers per loader are dropped past this many classes: bounded whatever a server loads. */
    static final int MAX_KNOWN = 20000;

    private final List<Probe> probes;
    private final List<AgentBuilder.RawMatcher> matchers;
    private final List<Weaving> weavings;
    /** The probes that could advise a class, by its methods' names; null: every probe is asked (the reference weaver). */
    private final Candidates candidates;
    /** Per loader, the probes' supertype names each class is below ({@link Supertypes}); the bootstrap loader's apart. */
    private final Map<ClassLoader, Map<String, Set<String>>> known = new WeakHashMap<ClassLoader, Map<String, Set<String>>>();
    private final Map<String, Set<String>> bootstrapKnown = new ConcurrentHashMap<String, Set<String>>();
    private final boolean assume;
    /** What earlier starts wove, handed back for the same class woven the same way; null: every class is woven. */
    private volatile WeaveCache cache;
    /** Per thread: whether it is transforming a class (one it loads meanwhile is not), and its room for headers. */
    private final ThreadLocal<Transforming> threads = new ThreadLocal<Transforming>() {
        @Override
        protected Transforming initialValue() {
            return new Transforming(); // set and cleared in place: a thread-local map entry added and removed per class cost more
        }
    };

    /** One thread's state as it transforms. */
    private static final class Transforming {
        boolean busy;
        final ClassHeader.Room room = new ClassHeader.Room();
    }

    ClassWeaver(List<Probe> probes, List<Weaving> weavings) {
        this(probes, weavings, true);
    }

    /**
     * @param shortcuts whether a class is first narrowed to the probes that could advise one of its methods by name,
     *                  and a supertype answer not known yet is assumed until a declared method needs it (true but in
     *                  the test that compares both ways, where every probe is asked and every supertype read)
     */
    ClassWeaver(List<Probe> probes, List<Weaving> weavings, boolean shortcuts) {
        this.assume = shortcuts;
        this.candidates = shortcuts ? new Candidates(weavings) : null;
        this.probes = probes;
        this.weavings = weavings;
        this.matchers = new ArrayList<AgentBuilder.RawMatcher>();
        for (Probe p : probes) {
            matchers.add(p.matcher());
        }
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                            byte[] classFile) {
        if (internalName == null || classFile == null || ignored(internalName)) {
            return null;
        }
        Transforming thread = threads.get();
        if (thread.busy) {
            return null;
        }
        thread.busy = true;
        boolean paused = Recorder.agentWorkStart(); // a class first loaded in a request: the weaving is not the request's
        String name = internalName.replace('/', '.');
        try {
            return weave(name, loader, domain, classFile, thread.room);
        } catch (Throwable e) {
            Log.warnOnce("instrument:" + name, "could not instrument " + name + "; it runs unprobed", e);
            return null;
        } finally {
            Supertypes.loaded();
            Recorder.agentWorkEnd(paused);
            thread.busy = false;
        }
    }

    /** The class woven, or null if no probe has advice for its methods. */
    byte[] weave(String name, ClassLoader loader, ProtectionDomain domain, byte[] classFile) {
        return weave(name, loader, domain, classFile, new ClassHeader.Room());
    }

    private byte[] weave(String name, ClassLoader loader, ProtectionDomain domain, byte[] classFile, ClassHeader.Room room) {
        ClassHeader.Outline outline = ClassHeader.outline(classFile, candidates == null ? null : candidates.methodNames(),
                room);
        if (outline == null || (outline.access & Opcodes.ACC_SYNTHETIC) != 0) {
            return null; // compiler-made: nothing of ours to time
        }
        List<Integer> among = null;
        if (candidates != null) {
            among = candidates.of(name, outline.methods);
            among = among == null ? null : loaderMayMatch(among, loader);
            if (among == null) {
                return null; // no probe could advise a method of its names, or see its loader: most classes end here
            }
        }
        final TypeDescription type = latent(name, outline.access);
        final ClassFileLocator classFiles = new ClassFileLocator.Compound(
                ClassFileLocator.Simple.of(name, classFile), ClassFileLocator.ForClassLoader.of(loader));
        Supertypes.loading(name, loader, knownOf(loader), classFiles);
        if (assume) {
            Supertypes.assumeUnknown();
        }
        List<Integer> matched = matching(type, loader, domain, among);
        if (matched != null && Supertypes.assumed()) {
            // its supertypes are likely not loaded yet, and reading their class files is most of start-up's cost:
            // read them only if a probe it may match advises a method it declares
            matched = advising(type, classFile, matched);
            Supertypes.readingAllowed();
            matched = matched == null ? null : matching(type, loader, domain, matched);
        }
        // a probe matched without asking (by name) may still ask about supertypes for its methods: answered exactly
        Supertypes.readingAllowed();
        if (matched == null || !RecorderReach.reaches(loader)) {
            return null;
        }
        WeaveCache kept = cache;
        if (kept == null) {
            return woven(name, type, loader, domain, classFile, classFiles, matched).bytes;
        }
        List<String> probeNames = new ArrayList<String>(matched.size());
        for (int i : matched) {
            probeNames.add(probes.get(i).name());
        }
        WeaveCache.Entry entry = kept.find(name, classFile, probeNames);
        if (entry != null && sameSupertypes(entry)) {
            for (int i : matched) {
                if (entry.used.contains(probes.get(i).name())) {
                    weavings.get(i).woven(type, loader, domain);
                }
            }
            if (entry.woven != null) {
                Log.debug("instrumented " + name + " as an earlier start did");
            }
            return entry.woven;
        }
        Woven woven = woven(name, type, loader, domain, classFile, classFiles, matched);
        // what its supertypes are, if a matcher asked (then they were read, exactly): part of the entry
        boolean asked = Supertypes.askedLoading();
        List<String> above = asked ? Supertypes.aboveLoading() : null;
        if (woven.keepable && (!asked || above != null)) {
            kept.keep(name, classFile, probeNames, new WeaveCache.Entry(woven.bytes, woven.used, above));
        }
        return woven.bytes;
    }

    /**
     * Whether the class being loaded is below the same supertypes as when {@code entry} was kept: not asked then, and
     * not asked now (the same class file and probes take the same path); or asked then, and the same now (read now if
     * not known: only a class whose weaving asked).
     */
    private static boolean sameSupertypes(WeaveCache.Entry entry) {
        if (entry.above == null) {
            return !Supertypes.askedLoading();
        }
        List<String> now = Supertypes.aboveLoading();
        return now != null && new HashSet<String>(now).equals(new HashSet<String>(entry.above));
    }

    /** Keeps what this weaver weaves in {@code cache}, and takes what it kept from earlier starts. */
    void keepIn(WeaveCache cache) {
        this.cache = cache;
    }

    /** A class woven: the class file (null if no probe had advice for it), and what {@link WeaveCache} keeps of it. */
    private static final class Woven {
        final byte[] bytes;
        /** The names of the probes whose advice went in. */
        final List<String> used;
        /** Whether it depends on nothing but the class file, the probes and their supertype answers: no method refused. */
        final boolean keepable;

        Woven(byte[] bytes, List<String> used, boolean keepable) {
            this.bytes = bytes;
            this.used = used;
            this.keepable = keepable;
        }
    }

    /**
     * The probes of {@code among} (not changed: it may be shared) that could match a class of {@code loader}: {@code among}
     * itself when all could, null when none could.
     */
    private List<Integer> loaderMayMatch(List<Integer> among, ClassLoader loader) {
        List<Integer> may = null; // once one is left out: those kept, if any
        boolean leftOut = false;
        for (int k = 0; k < among.size(); k++) {
            if (probes.get(among.get(k)).mayMatchClassesOf(loader)) {
                if (leftOut) {
                    may = may == null ? new ArrayList<Integer>(2) : may;
                    may.add(among.get(k));
                }
            } else if (!leftOut) {
                leftOut = true;
                may = k == 0 ? null : new ArrayList<Integer>(among.subList(0, k));
            }
        }
        return leftOut ? may : among;
    }

    /**
     * The indexes of the probes (of {@code among}, or all if null) that want {@code type}; null if none does (most
     * classes).
     */
    private List<Integer> matching(TypeDescription type, ClassLoader loader, ProtectionDomain domain, List<Integer> among) {
        List<Integer> matched = null;
        int n = among == null ? probes.size() : among.size();
        for (int k = 0; k < n; k++) {
            int i = among == null ? k : among.get(k);
            if (matchers.get(i).matches(type, loader, null, null, domain)) {
                if (matched == null) {
                    matched = new ArrayList<Integer>(2);
                }
                matched.add(i);
            }
        }
        return matched;
    }

    /**
     * Of the probes {@code matched}, those that advise a method the class declares (its supertypes assumed as the
     * probes need them); null if none does. A probe that advises none of them leaves the class as it is, whatever
     * its supertypes.
     */
    private List<Integer> advising(TypeDescription type, byte[] classFile, List<Integer> matched) {
        List<ClassHeader.Method> declared = ClassHeader.methodsWithCode(classFile);
        if (declared == null) {
            return matched; // not read: the supertypes decide
        }
        List<Integer> advising = null;
        for (ClassHeader.Method m : declared) {
            MethodDescription method = null;
            for (int i : matched) {
                if (advising != null && advising.contains(i)) {
                    continue;
                }
                if (method == null) {
                    method = method(type, m.access, m.name, m.descriptor);
                }
                if (weavings.get(i).advises(type, method)) {
                    if (advising == null) {
                        advising = new ArrayList<Integer>(2);
                    }
                    advising.add(i);
                }
            }
        }
        if (advising != null) {
            Collections.sort(advising); // the probes' order is the advice's, outermost first
        }
        return advising;
    }

    /**
     * The class woven by the probes {@code matched}, or null if none has advice for its methods. Apart from
     * {@link #weave}, which every class loaded runs: the JIT compiles that one small, without this rare path.
     */
    private Woven woven(final String name, final TypeDescription type, ClassLoader loader, ProtectionDomain domain,
                        byte[] classFile, final ClassFileLocator classFiles, final List<Integer> matched) {
        final boolean[] used = new boolean[probes.size()];
        final boolean[] readSuperclasses = new boolean[1];
        final Set<String> refused = new HashSet<String>();
        AdviceInliner.Plan plan = new AdviceInliner.Plan() {
            @Override
            public List<AdviceInliner.AdviceCode> adviceFor(int methodAccess, String method, String descriptor) {
                List<AdviceInliner.AdviceCode> advice = new ArrayList<AdviceInliner.AdviceCode>(2);
                if (refused.contains(method + descriptor)) {
                    return advice;
                }
                MethodDescription m = method(type, methodAccess, method, descriptor);
                for (int i : matched) {
                    int before = advice.size();
                    weavings.get(i).adviceFor(type, m, advice);
                    used[i] |= advice.size() > before;
                }
                return advice;
            }

            @Override
            public AdviceInliner.InheritedField inheritedField(String superName, String field) {
                readSuperclasses[0] = true; // what the superclasses' files say: not kept, as they may change
                return ClassWeaver.inheritedField(classFiles, superName, field, name.substring(0, name.lastIndexOf('.') + 1));
            }
        };
        byte[] woven;
        while (true) {
            String method;
            String why;
            try {
                woven = AdviceInliner.weave(classFile, plan);
                break;
            } catch (AdviceInliner.Refused e) {
                method = e.method;
                why = e.getMessage();
            } catch (MethodTooLargeException e) {
                method = e.getMethodName() + e.getDescriptor();
                why = "Cannot weave " + name + "." + method + ": with the advice its code would be " + e.getCodeSize()
                        + " bytes, over the JVM's limit";
            }
            // that method runs unprobed; the class's others are woven
            Log.warnOnce("instrument:" + name + "." + method, why + "; that method runs unprobed", null);
            if (!refused.add(method) || refused.size() > 16) {
                return new Woven(null, Collections.<String>emptyList(), false);
            }
            Arrays.fill(used, false);
        }
        List<String> usedNames = new ArrayList<String>(2);
        if (woven != null) {
            for (int i : matched) {
                if (used[i]) {
                    weavings.get(i).woven(type, loader, domain);
                    usedNames.add(probes.get(i).name());
                }
            }
            Log.debug("instrumented " + name);
        }
        return new Woven(woven, usedNames, refused.isEmpty() && !readSuperclasses[0]);
    }

    /**
     * The field {@code field} as the first of {@code superName} and its superclasses that declares it has it, read
     * from their class files; null if none does, or if the subclass (of package {@code pkg}, with its dot) may not
     * read it.
     */
    static AdviceInliner.InheritedField inheritedField(ClassFileLocator classFiles, String superName, final String field,
                                                       String pkg) {
        String owner = superName;
        for (int depth = 0; owner != null && depth < 64; depth++) {
            final String[] found = new String[2];
            final int[] access = new int[1];
            try {
                ClassFileLocator.Resolution r = classFiles.locate(owner.replace('/', '.'));
                if (!r.isResolved()) {
                    return null;
                }
                new ClassReader(r.resolve()).accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public void visit(int version, int acc, String name, String signature, String superName,
                                      String[] interfaces) {
                        found[1] = superName;
                    }

                    @Override
                    public FieldVisitor visitField(int acc, String name, String descriptor, String signature, Object value) {
                        if (name.equals(field)) {
                            found[0] = descriptor;
                            access[0] = acc;
                        }
                        return null;
                    }
                }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            } catch (Exception e) {
                return null;
            }
            if (found[0] != null) {
                boolean samePackage = owner.replace('/', '.').startsWith(pkg)
                        && owner.lastIndexOf('/') + 1 == pkg.length();
                boolean readable = (access[0] & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0
                        || (access[0] & Opcodes.ACC_PRIVATE) == 0 && samePackage;
                return readable ? new AdviceInliner.InheritedField(found[0], access[0]) : null;
            }
            owner = found[1];
        }
        return null;
    }

    /**
     * Runs matching and weaving once on a class of the agent's own, the result dropped, before the transformer is
     * added: what they load is then loaded. Loaded from inside the transformer while the JVM loads that very class
     * (an error class a verifier needs, say), it would be a ClassCircularityError, and the class would run unprobed.
     */
    void warmUp() {
        try {
            String name = WarmUp.class.getName();
            byte[] own = AdviceSet.classFile(name);
            // as an application's class: from the bootstrap path (the weaver jar) most probes would not be asked
            ClassLoader loader = WarmUp.class.getClassLoader() == null ? ClassLoader.getSystemClassLoader()
                    : WarmUp.class.getClassLoader();
            weave(name, loader, null, own);
            TypeDescription type = latent(name, Opcodes.ACC_PUBLIC);
            MethodDescription run = method(type, Opcodes.ACC_PUBLIC, "run", "(I)I");
            run.getParameters().asTypeList().asErasures(); // what matchers on parameter types load
            run.getReturnType().asErasure();
            for (Weaving w : weavings) {
                w.adviceFor(type, run, new ArrayList<AdviceInliner.AdviceCode>());
                List<ElementMatcher<? super MethodDescription>> matchers = w.methodMatchers();
                for (int i = 0; matchers != null && i < matchers.size(); i++) {
                    matchers.get(i).matches(run); // each, though a weaving asks only those of a method's name
                }
            }
            final AdviceInliner.AdviceCode phase = Advices.with(RuleAdvice.PhaseValue.class, 0)
                    .advice(net.bytebuddy.matcher.ElementMatchers.any(), Advices.nested(RuleAdvice.class, "InPhase")).code(0);
            AdviceInliner.weave(own, new AdviceInliner.Plan() {
                @Override
                public List<AdviceInliner.AdviceCode> adviceFor(int access, String method, String descriptor) {
                    return method.equals("run") ? Collections.singletonList(phase)
                            : Collections.<AdviceInliner.AdviceCode>emptyList();
                }
            });
        } catch (Throwable e) {
            Log.debug("warming up the weaver: " + e); // the transformer then loads what it needs as it goes
        } finally {
            Supertypes.loaded();
        }
    }

    /** What {@link #warmUp} weaves: a method with a branch and a handler, so that frames are written too. */
    static final class WarmUp {
        int run(int n) {
            try {
                return n > 0 ? n : -n;
            } catch (RuntimeException e) {
                return 0;
            }
        }
    }

    /**
     * Whether a probe matches the loaded class {@code c}: it is then retransformed, to be woven as if loaded now. Only
     * the probes that may match classes of its loader, and of its name, are asked ({@link LoaderProbes}, found once
     * per loader in {@code byLoader}): at premain most of the JDK's classes are asked nothing.
     */
    boolean wants(Class<?> c, Map<Class<?>, TypeDescription> described, Map<ClassLoader, LoaderProbes> byLoader) {
        ClassLoader loader = c.getClassLoader();
        LoaderProbes asked = byLoader.get(loader);
        if (asked == null) {
            asked = LoaderProbes.of(probes, loader);
            byLoader.put(loader, asked);
        }
        int[] named = asked.named(c.getName());
        if (named.length + asked.anyName().length == 0 || c.isSynthetic()) {
            return false;
        }
        TypeDescription type = described(c, described);
        return matches(named, type, loader, c) || matches(asked.anyName(), type, loader, c);
    }

    private boolean matches(int[] asked, TypeDescription type, ClassLoader loader, Class<?> c) {
        for (int i : asked) {
            if (matchers.get(i).matches(type, loader, null, c, null)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A loaded class as the matchers see it: its name, modifiers and supertypes, from reflection; kept in
     * {@code described} for the classes that share them. Not Byte Buddy's description of a loaded type, whose first
     * use costs about 50 ms.
     */
    static TypeDescription described(Class<?> c, Map<Class<?>, TypeDescription> described) {
        TypeDescription known = described.get(c);
        if (known != null) {
            return known;
        }
        Class<?> superclass = c.getSuperclass();
        Class<?>[] interfaces = c.getInterfaces();
        List<TypeDescription.Generic> above = new ArrayList<TypeDescription.Generic>(interfaces.length);
        for (Class<?> i : interfaces) {
            above.add(described(i, described).asGenericType());
        }
        TypeDescription type = new TypeDescription.Latent(c.getName(), c.getModifiers(),
                superclass == null ? null : described(superclass, described).asGenericType(), above);
        described.put(c, type);
        return type;
    }

    /** What the probes' method matchers are asked: the method as its descriptor tells it. */
    static MethodDescription method(TypeDescription declaring, int access, String name, String descriptor) {
        return new DeclaredMethod(declaring, name, access, descriptor);
    }

    /** A parameter or return type, by its name only ({@link TypeNames}): what the matchers compare. */
    static TypeDescription.Generic typeNamed(Type t) {
        String name = t.getClassName(); // int, byte[], java.lang.String: the names TypeNames matches
        return latent(name, Opcodes.ACC_PUBLIC).asGenericType();
    }

    /** A type by its name and modifiers alone: what the matchers are asked about (supertypes through {@link Supertypes}). */
    private static TypeDescription latent(String name, int access) {
        return new TypeDescription.Latent(name, access, null, Collections.<TypeDescription.Generic>emptyList());
    }

    private Map<String, Set<String>> knownOf(ClassLoader loader) {
        if (loader == null) {
            return bounded(bootstrapKnown);
        }
        synchronized (known) {
            Map<String, Set<String>> k = known.get(loader);
            if (k == null) {
                k = new ConcurrentHashMap<String, Set<String>>();
                known.put(loader, k);
            }
            return bounded(k);
        }
    }

    private static Map<String, Set<String>> bounded(Map<String, Set<String>> k) {
        if (k.size() > MAX_KNOWN) {
            k.clear(); // the hierarchy roots are read again, once
        }
        return k;
    }

    /**
     * Whether {@code name}, internal ({@code a/b/C}) or binary ({@code a.b.C}), is one of {@link #IGNORED}'s. Compared a
     * character at a time: {@code String.startsWith}, nine times for each class loaded, was enough calls that the JIT
     * compiled it during the application's start, on top of what the application needs compiled.
     */
    static boolean ignored(String name) {
        if (name.isEmpty()) {
            return false;
        }
        char first = name.charAt(0);
        for (String prefix : IGNORED) {
            if (prefix.charAt(0) == first && startsWith(name, prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code name} starts with {@code prefix}, a '/' of which matches a '.' too. */
    private static boolean startsWith(String name, String prefix) {
        if (name.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            char p = prefix.charAt(i);
            char c = name.charAt(i);
            if (c != p && (p != '/' || c != '.')) {
                return false;
            }
        }
        return true;
    }
}
