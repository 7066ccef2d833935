package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.named;

/**
 * A parameter or return type matched by its name, as {@link ClassWeaver} describes a method's types ({@code int},
 * {@code byte[]}, {@code java.io.OutputStream}): Byte Buddy's matchers taking a {@code Class} describe it as a loaded
 * type, whose first use alone cost about 50 ms at start-up.
 */
final class TypeNames {
    private TypeNames() {
    }

    static ElementMatcher.Junction<TypeDescription> type(Class<?> type) {
        return named(nameOf(type));
    }

    /** The name as Java source writes it for arrays ({@code byte[]}), the binary name otherwise. */
    static String nameOf(Class<?> type) {
        return type.isArray() ? nameOf(type.getComponentType()) + "[]" : type.getName();
    }
}
