package dev.soapscope.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;

import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Byte Buddy's {@code Transformer.ForAdvice}, with each advice class read once per class loader instead of once per
 * instrumented type. ForAdvice resolves its advice (reads the advice's class file, its annotations and offset
 * mappings) for every type it transforms, and a stack probe applies all of its rules to each type one of them
 * matches: at start-up that was most of the cost of transforming a matched class. The resolution depends only on the
 * advice and the types the target's loader sees, so it is kept per loader, as ForAdvice would have made it there.
 */
final class AdviceTransformer implements AgentBuilder.Transformer, Advising {
    private static final ClassLoader AGENT_LOADER = AdviceTransformer.class.getClassLoader();
    /** Every transformer that resolved advice, so that all can forget it once loading is quiet. */
    private static final CopyOnWriteArrayList<AdviceTransformer> ALL = new CopyOnWriteArrayList<AdviceTransformer>();
    private final Advice.WithCustomMapping mapping;
    private final List<ElementMatcher<? super MethodDescription>> methods;
    private final List<String> advices;
    /** Per target loader, the advice resolved there; weak keys, and values that hold their loader only weakly. */
    private final Map<ClassLoader, Advice[]> resolved = new WeakHashMap<ClassLoader, Advice[]>();
    private volatile Advice[] bootstrap;
    private volatile boolean listed;

    AdviceTransformer(Advice.WithCustomMapping mapping) {
        this(mapping, Collections.<ElementMatcher<? super MethodDescription>>emptyList(), Collections.<String>emptyList());
    }

    private AdviceTransformer(Advice.WithCustomMapping mapping, List<ElementMatcher<? super MethodDescription>> methods,
                              List<String> advices) {
        this.mapping = mapping;
        this.methods = methods;
        this.advices = advices;
    }

    /**
     * Drops the resolved advice of every transformer: it holds type descriptions (of the advice classes and what
     * they refer to), which {@link TypeDescriptionCache} lets go once classes no longer load in bulk. A class loaded
     * later resolves its loader's advice again.
     */
    static void forgetAll() {
        for (AdviceTransformer t : ALL) {
            synchronized (t.resolved) {
                t.resolved.clear();
            }
            t.bootstrap = null;
        }
    }

    /** This transformer, also applying the advice class {@code advice} (a binary name) to {@code matching} methods. */
    AdviceTransformer advice(ElementMatcher<? super MethodDescription> matching, String advice) {
        List<ElementMatcher<? super MethodDescription>> m = new ArrayList<ElementMatcher<? super MethodDescription>>(methods);
        m.add(matching);
        List<String> a = new ArrayList<String>(advices);
        a.add(advice);
        return new AdviceTransformer(mapping, m, a);
    }

    @Override
    public boolean advises(TypeDescription type) {
        for (MethodDescription m : type.getDeclaredMethods()) {
            for (ElementMatcher<? super MethodDescription> matching : methods) {
                if (matching.matches(m)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                                            JavaModule module, ProtectionDomain domain) {
        Advice[] each = resolvedIn(loader, module);
        AsmVisitorWrapper.ForDeclaredMethods visitor = new AsmVisitorWrapper.ForDeclaredMethods();
        for (int i = 0; i < each.length; i++) {
            visitor = visitor.invokable(methods.get(i), each[i]);
        }
        return builder.visit(visitor);
    }

    /** The advice as resolved for classes of {@code loader}: once per loader. */
    Advice[] resolvedIn(ClassLoader loader, JavaModule module) {
        if (loader == null) {
            Advice[] b = bootstrap;
            if (b == null) {
                b = resolve(null, module);
                bootstrap = b;
            }
            return b;
        }
        synchronized (resolved) {
            Advice[] known = resolved.get(loader);
            if (known != null) {
                return known;
            }
        }
        Advice[] made = resolve(loader, module);
        synchronized (resolved) {
            resolved.put(loader, made);
        }
        return made;
    }

    /** What ForAdvice does for each type: the agent's class files first, then the target loader's. */
    private Advice[] resolve(ClassLoader loader, JavaModule module) {
        ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.ForClassLoader.of(AGENT_LOADER),
                AgentBuilder.LocationStrategy.ForClassLoader.WEAK.classFileLocator(loader, module));
        TypePool pool = AgentBuilder.PoolStrategy.Default.FAST.typePool(locator, loader);
        if (!listed) {
            listed = true;
            ALL.addIfAbsent(this);
        }
        Advice[] each = new Advice[advices.size()];
        for (int i = 0; i < each.length; i++) {
            each[i] = mapping.to(pool.describe(advices.get(i)).resolve(), locator)
                    .withAssigner(Assigner.DEFAULT).withExceptionHandler(Advice.ExceptionHandler.Default.SUPPRESSING);
        }
        return each;
    }
}
