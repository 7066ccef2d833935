package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;

import java.security.ProtectionDomain;
import java.util.List;

/** What a probe puts on the methods of a class it matched: advice classes, read from their class files. */
interface Weaving {
    /** Adds to {@code into}, outermost first, the advice this probe puts on {@code method} of {@code type}. */
    void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into);

    /** Told once a class of {@code loader} got this probe's advice. */
    default void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
    }
}
