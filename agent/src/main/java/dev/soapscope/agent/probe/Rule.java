package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * One thing a probe does to one family of methods: time them as a phase, count them as a hot spot, or name
 * the request from what they return. The advice is chosen by the rule's kind; its constants (the phase, the
 * kind, the site) are bound into the inlined code, so the advice classes stay stateless.
 */
final class Rule {
    final ElementMatcher.Junction<TypeDescription> types;
    /** The class loaders whose classes this rule is asked about; null: its probe's. */
    final ElementMatcher<? super ClassLoader> loaders;
    private final ElementMatcher.Junction<MethodDescription> methods;
    private final String advice;
    /** The advice's constants bound, with no methods yet. */
    private final AdviceSet bound;

    private Rule(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods,
                 String advice, AdviceSet bound) {
        // bridges would time covariant overloads twice; abstract methods have no code to advise
        this(types, null, methods.and(not(isBridge())).and(not(isAbstract())).and(isDeclaredBy(types)), advice, bound);
    }

    private Rule(ElementMatcher.Junction<TypeDescription> types, ElementMatcher<? super ClassLoader> loaders,
                 ElementMatcher.Junction<MethodDescription> methods, String advice, AdviceSet bound) {
        this.types = types;
        this.loaders = loaders;
        this.methods = methods;
        this.advice = advice;
        this.bound = bound;
    }

    /**
     * This rule, asked only about classes of {@code loaders} rather than its probe's: for a JDK class in a stack's
     * probe, so the stack's supertype rules are not asked about every class the bootstrap loader defines.
     */
    Rule loadedBy(ElementMatcher<? super ClassLoader> loaders) {
        return new Rule(types, loaders, methods, advice, bound);
    }

    /** Classes that are, or implement or extend, the named type: what most rules' types are. */
    static ElementMatcher.Junction<TypeDescription> below(String type) {
        // by name first: most classes are below none, decided without parsing them (Supertypes)
        return Supertypes.belowAny(type).and(not(isInterface()));
    }

    /** The methods' self time goes to {@code phase}. */
    static Rule phase(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods, Phase phase) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "InPhase"),
                Advices.with(RuleAdvice.PhaseValue.class, phase.ordinal()));
    }

    /**
     * The methods' self time goes to {@code phase}, but only inside a request: for code that also runs at start-up
     * and in background threads (logging, validation), which must not open a {@code (no request)} request.
     */
    static Rule phaseInRequest(ElementMatcher.Junction<TypeDescription> types,
                               ElementMatcher.Junction<MethodDescription> methods, Phase phase) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "InPhaseInRequest"),
                Advices.with(RuleAdvice.PhaseValue.class, phase.ordinal()));
    }

    /** The methods' self time goes to {@code phase}, but only inside a SOAP call this JVM makes: JDK HTTP plumbing. */
    static Rule phaseInCall(ElementMatcher.Junction<TypeDescription> types,
                            ElementMatcher.Junction<MethodDescription> methods, Phase phase) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "InPhaseInCall"),
                Advices.with(RuleAdvice.PhaseValue.class, phase.ordinal()));
    }

    /** Each outermost call is one {@code kind} event; the site is the called method. */
    static Rule hotspot(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods, HotSpotKind kind) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "CallAtMethod"),
                Advices.with(RuleAdvice.KindValue.class, kind.ordinal()));
    }

    /**
     * Each object of the types created is one {@code kind} event; the site is the type. For constructors, where an
     * exception cannot be caught around the super call: counted once the constructor has returned.
     */
    static Rule created(ElementMatcher.Junction<TypeDescription> types, HotSpotKind kind) {
        return new Rule(types, isConstructor(), Advices.nested(RuleAdvice.class, "CreatedOfType"),
                Advices.with(RuleAdvice.KindValue.class, kind.ordinal()));
    }

    /** Each outermost call is one {@code kind} event at the named site, such as {@code bytes -> envelope}. */
    static Rule hotspot(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods,
                        HotSpotKind kind, String site) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "CallAtSite"),
                Advices.with(RuleAdvice.KindValue.class, kind.ordinal(), RuleAdvice.SiteValue.class, site));
    }

    /**
     * Each call is a single-byte read, counted only while the thread is in {@code phase}: for general streams
     * (PushbackInputStream) whose single-byte reads matter only inside one stack's stage. A single-byte read made
     * inside it (the stream beneath) is the same byte: counted once, here.
     */
    static Rule singleByteReadIn(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods,
                                 Phase phase, String site) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "ByteReadInPhase"),
                Advices.with(RuleAdvice.PhaseValue.class, phase.ordinal(), RuleAdvice.SiteValue.class, site));
    }

    /**
     * Each object built is one {@code kind} event at the named site, counted once its constructor returned: for
     * constructors of API types that describe what was built (a JAX-WS {@code Service}).
     */
    static Rule createdAt(ElementMatcher.Junction<TypeDescription> types, HotSpotKind kind, String site) {
        return new Rule(types, isConstructor(), Advices.nested(RuleAdvice.class, "CreatedAtSite"),
                Advices.with(RuleAdvice.KindValue.class, kind.ordinal(), RuleAdvice.SiteValue.class, site));
    }

    /**
     * As {@link #createdAt}, counted only once this JVM has made a SOAP call: for what every stack builds once at
     * start-up, a server as much as a client (a CXF {@code Bus}), which is a finding only when calls keep building it.
     */
    static Rule createdOnceCalling(ElementMatcher.Junction<TypeDescription> types, HotSpotKind kind, String site) {
        return new Rule(types, isConstructor(), Advices.nested(RuleAdvice.class, "CreatedOnceCalling"),
                Advices.with(RuleAdvice.KindValue.class, kind.ordinal(), RuleAdvice.SiteValue.class, site));
    }

    /** The methods are a SOAP call's boundary: each outermost one is one call this JVM makes. */
    static Rule clientCall(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "ClientCall"), Advices.plain());
    }

    /** As {@link #clientCall}, for methods whose first argument is the endpoint address: the call's peer. */
    static Rule clientCallToAddress(ElementMatcher.Junction<TypeDescription> types,
                                    ElementMatcher.Junction<MethodDescription> methods) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "ClientCallToAddress"), Advices.plain());
    }

    /** The methods get a probe's own advice (a nested class of {@code holder}), with no constants bound. */
    static Rule advised(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods,
                        Class<?> holder, String advice) {
        return new Rule(types, methods, Advices.nested(holder, advice), Advices.plain());
    }

    /** What the methods return names the request's operation (as the SOAP stack sees it). */
    static Rule operationName(ElementMatcher.Junction<TypeDescription> types, ElementMatcher.Junction<MethodDescription> methods) {
        return new Rule(types, methods, Advices.nested(RuleAdvice.class, "NameFromReturn"), Advices.plain());
    }

    AdviceSet weaving() {
        return bound.advice(methods, advice);
    }
}
