package dev.soapscope.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.Set;

/**
 * One instrumented type family: which types, and what advice goes on which methods. Advice classes are
 * nested static classes named by string and read as class files ({@link Advices}), so they are never loaded
 * into the agent's class loader: they refer to servlet types the agent's loader may not see.
 */
interface Probe {
    /** The name used in logs and in {@code probes.disabled}, such as {@code servlet.jakarta} or {@code regex}. */
    String name();

    ElementMatcher<? super TypeDescription> types();

    /**
     * The class loaders whose classes {@link #types()} is asked about: a cheap pre-filter, since most types() match
     * by supertype and resolving every loaded class's hierarchy is what start-up pays for.
     */
    ElementMatcher<? super ClassLoader> loaders();

    /** Which classes the probe transforms: by default, {@link #types()} of classes of {@link #loaders()}. */
    default AgentBuilder.RawMatcher matcher() {
        return new AgentBuilder.RawMatcher.ForElementMatchers(types(), loaders());
    }

    /**
     * Whether a class of {@code loader} could match this probe at all: asked before anything is read of the class,
     * for a probe that may advise any method ({@link Candidates}). Exact for the default {@link #matcher()}; a probe
     * with a matcher of its own answers for it.
     */
    default boolean mayMatchClassesOf(ClassLoader loader) {
        return loaders().matches(loader);
    }

    /**
     * The only names a class of {@code loader} (one this probe {@link #mayMatchClassesOf}) that {@link #matcher()}
     * matches can have; null if a class of any name can (one below a type, say). Read off {@link #types()}: a probe
     * with a matcher of its own answers for it. The pass over the classes loaded before the agent asks a probe's
     * matcher only about classes of these names.
     */
    default Set<String> classNames(ClassLoader loader) {
        return MatcherNames.classNames(types());
    }

    /** Built when the agent starts; a probe whose advice cannot be built is skipped with one log line. */
    Weaving weaving();

    /** Runs once before the probe is installed (registering vocabularies the advice looks up). */
    void prepare();
}
