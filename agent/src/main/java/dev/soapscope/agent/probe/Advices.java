package dev.soapscope.agent.probe;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** Advice read from the agent jar's class files by name, never loaded into the agent's class loader. */
final class Advices {
    private Advices() {
    }

    /** Advice binding the values of custom annotations: a parameter annotated {@code annotation} gets {@code value}. */
    static AdviceSet with(Class<?> annotation, Object value) {
        return new AdviceSet(Collections.singletonMap(descriptor(annotation), value));
    }

    /** As {@link #with(Class, Object)}, two of them. */
    static AdviceSet with(Class<?> annotation, Object value, Class<?> other, Object otherValue) {
        Map<String, Object> constants = new HashMap<String, Object>();
        constants.put(descriptor(annotation), value);
        constants.put(descriptor(other), otherValue);
        return new AdviceSet(constants);
    }

    static AdviceSet plain() {
        return new AdviceSet(Collections.<String, Object>emptyMap());
    }

    private static String descriptor(Class<?> annotation) {
        return "L" + annotation.getName().replace('.', '/') + ";";
    }

    /** The binary name of a nested advice class, without loading it. */
    static String nested(Class<?> probe, String simpleName) {
        return probe.getName() + "$" + simpleName;
    }
}
