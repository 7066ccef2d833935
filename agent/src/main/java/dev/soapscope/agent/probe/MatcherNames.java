package dev.soapscope.agent.probe;

import net.bytebuddy.matcher.BooleanMatcher;
import net.bytebuddy.matcher.DeclaringTypeMatcher;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ErasureMatcher;
import net.bytebuddy.matcher.MethodSortMatcher;
import net.bytebuddy.matcher.NameMatcher;
import net.bytebuddy.matcher.StringMatcher;
import net.bytebuddy.matcher.StringSetMatcher;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a method matcher can match, told by names: the methods' names and their declaring types' names, read off the
 * Byte Buddy matchers the probes are written with ({@code named}, {@code namedOneOf}, {@code isConstructor},
 * {@code isDeclaredBy}, joined by {@code and} and {@code or}). Always a superset: what it cannot read stands for any
 * name. With it the weaver passes over a class none of whose methods a probe could advise without asking the
 * probe's matchers (issue 45: most classes a server loads). Byte Buddy keeps these matchers' parts in private fields,
 * read once at start; a Byte Buddy whose fields differ gives "any name", never a wrong answer.
 */
final class MatcherNames {
    /** One way a matcher can match: method names and declaring type names; null is any name. */
    static final class Names {
        final Set<String> methods;
        final Set<String> types;

        Names(Set<String> methods, Set<String> types) {
            this.methods = methods;
            this.types = types;
        }

        /** Both, or null if they have no name in common. */
        Names and(Names o) {
            Set<String> m = both(methods, o.methods);
            Set<String> t = both(types, o.types);
            return m != null && m.isEmpty() || t != null && t.isEmpty() ? null : new Names(m, t);
        }

        boolean any() {
            return methods == null && types == null;
        }

        private static Set<String> both(Set<String> a, Set<String> b) {
            if (a == null || b == null) {
                return a == null ? b : a;
            }
            Set<String> s = new HashSet<String>(a);
            s.retainAll(b);
            return s;
        }

        @Override
        public String toString() {
            return (methods == null ? "any method" : methods) + " of " + (types == null ? "any type" : types);
        }
    }

    private static final Names ANY = new Names(null, null);
    /** The fields read, by matcher class, then name: thousands of matchers, a dozen classes, no key built per read. */
    private static final Map<Class<?>, Map<String, Field>> FIELDS = new ConcurrentHashMap<Class<?>, Map<String, Field>>();

    private MatcherNames() {
    }

    /** The ways {@code matcher} (of methods) can match: each method it matches is in one of them. */
    static List<Names> of(ElementMatcher<?> matcher) {
        try {
            if (matcher instanceof ElementMatcher.Junction.Conjunction) {
                List<Names> all = Collections.singletonList(ANY);
                for (ElementMatcher<?> part : parts(matcher)) {
                    List<Names> next = new ArrayList<Names>();
                    for (Names a : all) {
                        for (Names b : of(part)) {
                            Names n = a.and(b);
                            if (n != null) {
                                next.add(n);
                            }
                        }
                    }
                    all = next;
                }
                return all;
            }
            if (matcher instanceof ElementMatcher.Junction.Disjunction) {
                List<Names> any = new ArrayList<Names>();
                for (ElementMatcher<?> part : parts(matcher)) {
                    any.addAll(of(part));
                }
                return any;
            }
            if (matcher instanceof BooleanMatcher) {
                return matches(matcher) ? one(ANY) : Collections.<Names>emptyList(); // none(), where an or() begins
            }
            if (matcher instanceof NameMatcher) {
                return one(new Names(strings(field(matcher, "matcher")), null));
            }
            if (matcher instanceof MethodSortMatcher) {
                Object sort = field(matcher, "sort");
                if (sort == MethodSortMatcher.Sort.CONSTRUCTOR) {
                    return one(new Names(Collections.singleton("<init>"), null));
                }
                if (sort == MethodSortMatcher.Sort.TYPE_INITIALIZER) {
                    return one(new Names(Collections.singleton("<clinit>"), null));
                }
            }
            if (matcher instanceof DeclaringTypeMatcher) {
                return one(new Names(null, typeNames(field(matcher, "matcher"))));
            }
        } catch (Exception e) {
            // a matcher whose parts cannot be read: any name
        }
        return one(ANY);
    }

    /** The method names a matcher of methods can match (constructors as {@code <init>}); null: any. */
    static Set<String> methodNames(ElementMatcher<?> methods) {
        Set<String> names = new HashSet<String>();
        for (Names n : of(methods)) {
            if (n.methods == null) {
                return null;
            }
            names.addAll(n.methods);
        }
        return names;
    }

    /** The names a matcher of types can match; null: any, or its parts cannot be read. */
    static Set<String> classNames(ElementMatcher<?> types) {
        try {
            return typeNames(types);
        } catch (Exception e) {
            return null;
        }
    }

    /** The names a matcher of types can match; null: any. */
    static Set<String> typeNames(Object matcher) throws Exception {
        if (matcher instanceof BooleanMatcher) {
            return matches(matcher) ? null : Collections.<String>emptySet();
        }
        if (matcher instanceof ErasureMatcher) {
            return typeNames(field(matcher, "matcher"));
        }
        if (matcher instanceof NameMatcher) {
            return strings(field(matcher, "matcher"));
        }
        if (matcher instanceof ElementMatcher.Junction.Disjunction) {
            Set<String> any = new HashSet<String>();
            for (ElementMatcher<?> part : parts(matcher)) {
                Set<String> names = typeNames(part);
                if (names == null) {
                    return null;
                }
                any.addAll(names);
            }
            return any;
        }
        if (matcher instanceof ElementMatcher.Junction.Conjunction) {
            Set<String> all = null;
            for (ElementMatcher<?> part : parts(matcher)) {
                Set<String> names = typeNames(part);
                if (names != null) {
                    all = all == null ? new HashSet<String>(names) : all;
                    all.retainAll(names);
                }
            }
            return all;
        }
        return null;
    }

    /** The strings a string matcher matches exactly; null: others too. */
    @SuppressWarnings("unchecked")
    private static Set<String> strings(Object matcher) throws Exception {
        if (matcher instanceof StringMatcher && field(matcher, "mode") == StringMatcher.Mode.EQUALS_FULLY) {
            return Collections.singleton((String) field(matcher, "value"));
        }
        if (matcher instanceof StringSetMatcher) {
            return new HashSet<String>((Set<String>) field(matcher, "values"));
        }
        return null;
    }

    /** What a {@code BooleanMatcher} answers to everything. */
    private static boolean matches(Object booleanMatcher) throws Exception {
        return (Boolean) field(booleanMatcher, "matches");
    }

    @SuppressWarnings("unchecked")
    private static List<ElementMatcher<?>> parts(Object junction) throws Exception {
        return (List<ElementMatcher<?>>) field(junction, "matchers");
    }

    private static Object field(Object o, String name) throws Exception {
        Class<?> type = o.getClass();
        Map<String, Field> fields = FIELDS.get(type);
        if (fields == null) {
            fields = new ConcurrentHashMap<String, Field>();
            FIELDS.put(type, fields);
        }
        Field f = fields.get(name);
        if (f == null) {
            f = declared(type, name);
            fields.put(name, f);
        }
        return f.get(o);
    }

    private static Field declared(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // declared higher up
            }
        }
        throw new NoSuchFieldException(name);
    }

    private static List<Names> one(Names n) {
        return Collections.singletonList(n);
    }
}
