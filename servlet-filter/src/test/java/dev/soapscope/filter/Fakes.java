package dev.soapscope.filter;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Servlet API interfaces faked with {@link Proxy}: answers given by method name, every call logged, and the
 * zero value of the return type for anything not given.
 */
public final class Fakes {
    /** A method's answer from its arguments. */
    public interface Answer {
        Object answer(Object[] args) throws Throwable;
    }

    /** A fake under construction: {@code on(...)} the methods that matter, then {@link #build()}. */
    public static final class Fake<T> {
        private final Class<T> type;
        private final Map<String, Answer> answers = new HashMap<>();
        private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

        Fake(Class<T> type) {
            this.type = type;
        }

        public Fake<T> on(String method, Answer answer) {
            answers.put(method, answer);
            return this;
        }

        public Fake<T> returning(String method, Object value) {
            return on(method, args -> value);
        }

        /** Names of the methods called so far, in order. */
        public List<String> calls() {
            synchronized (calls) {
                return new ArrayList<>(calls);
            }
        }

        public T build() {
            InvocationHandler h = (proxy, method, args) -> {
                Object[] a = args == null ? new Object[0] : args;
                if (method.getDeclaringClass() == Object.class) {
                    return objectMethod(proxy, method, a);
                }
                calls.add(method.getName());
                Answer answer = answers.get(method.getName());
                if (answer != null) {
                    try {
                        return answer.answer(a);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }
                return zero(method.getReturnType());
            };
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h));
        }

        private Object objectMethod(Object proxy, Method method, Object[] a) {
            switch (method.getName()) {
                case "equals":
                    return proxy == a[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                default:
                    return "fake " + type.getSimpleName();
            }
        }
    }

    private Fakes() {
    }

    public static <T> Fake<T> of(Class<T> type) {
        return new Fake<>(type);
    }

    static Object zero(Class<?> t) {
        if (!t.isPrimitive() || t == void.class) {
            return null;
        }
        if (t == boolean.class) {
            return false;
        }
        if (t == long.class) {
            return 0L;
        }
        if (t == double.class) {
            return 0.0;
        }
        if (t == float.class) {
            return 0.0f;
        }
        if (t == char.class) {
            return '\0';
        }
        if (t == byte.class) {
            return (byte) 0;
        }
        if (t == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
