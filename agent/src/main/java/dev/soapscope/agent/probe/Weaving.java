package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/** What a probe puts on the methods of a class it matched: advice classes, read from their class files. */
interface Weaving {
    /** Adds to {@code into}, outermost first, the advice this probe puts on {@code method} of {@code type}. */
    void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into);

    /**
     * Whether this probe puts any advice on {@code method}: asked, with supertypes not yet known, whether a class
     * could be woven at all. By default the advice itself is asked for (read once from the agent jar).
     */
    default boolean advises(TypeDescription type, MethodDescription method) {
        List<AdviceInliner.AdviceCode> advice = new java.util.ArrayList<AdviceInliner.AdviceCode>(1);
        adviceFor(type, method, advice);
        return !advice.isEmpty();
    }

    /**
     * Every matcher that chooses the methods this probe advises ({@link Candidates} indexes them by name); null when
     * they are not all known, and the probe is then asked about every class.
     */
    default List<ElementMatcher<? super MethodDescription>> methodMatchers() {
        return null;
    }

    /** The method matchers of all of {@code parts}; null if one's are not known. */
    static List<ElementMatcher<? super MethodDescription>> methodMatchersOf(Weaving... parts) {
        List<ElementMatcher<? super MethodDescription>> all = new ArrayList<ElementMatcher<? super MethodDescription>>();
        for (Weaving w : parts) {
            List<ElementMatcher<? super MethodDescription>> some = w.methodMatchers();
            if (some == null) {
                return null;
            }
            all.addAll(some);
        }
        return all;
    }

    /** Told once a class of {@code loader} got this probe's advice. */
    default void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
    }
}
