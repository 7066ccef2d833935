package dev.soapscope.agent.probe;

import net.bytebuddy.asm.Advice;

/** Advice read from the agent jar's class files by name, never loaded into the agent's class loader. */
final class Advices {
    private Advices() {
    }

    static AdviceTransformer with(Advice.WithCustomMapping mapping) {
        return new AdviceTransformer(mapping);
    }

    static AdviceTransformer plain() {
        return with(Advice.withCustomMapping());
    }

    /** The binary name of a nested advice class, without loading it. */
    static String nested(Class<?> probe, String simpleName) {
        return probe.getName() + "$" + simpleName;
    }
}
