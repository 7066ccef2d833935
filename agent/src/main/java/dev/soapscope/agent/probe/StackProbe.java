package dev.soapscope.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.utility.JavaModule;
import net.bytebuddy.matcher.ElementMatcher;
import dev.soapscope.recorder.SeenStacks;
import dev.soapscope.recorder.Stack;

import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.HashSet;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.none;

/** A probe made of {@link Rule}s: one per stack (a SOAP stack, JAXB, the JDK's hot spots). */
final class StackProbe implements Probe {
    private final String name;
    private final List<Rule> rules;
    private final ElementMatcher<? super ClassLoader> loaders;
    /** The stack whose classes this probe instruments, recorded when it first does; null for the JDK's. */
    private final Stack stack;

    StackProbe(String name, Rule... rules) {
        this(name, any(), Arrays.asList(rules), null);
    }

    private StackProbe(String name, ElementMatcher<? super ClassLoader> loaders, List<Rule> rules, Stack stack) {
        this.name = name;
        this.loaders = loaders;
        this.rules = rules;
        this.stack = stack;
    }

    /** This probe, asked only about classes of these loaders (those that see the stack, {@link SeesType}). */
    StackProbe loadedBy(ElementMatcher<? super ClassLoader> loaders) {
        return new StackProbe(name, loaders, rules, stack);
    }

    /** This probe, recording {@code stack} as seen (one log line, {@code /phases}) when it first instruments a class. */
    StackProbe seenAs(Stack stack) {
        return new StackProbe(name, loaders, rules, stack);
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return loaders;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        ElementMatcher.Junction<TypeDescription> any = none();
        for (Rule r : rules) {
            any = any.or(r.types);
        }
        return any;
    }

    /**
     * The probe's rules, each asked only about classes of its loaders: the rules with loaders of their own apart, so
     * that the others' supertype matchers are not asked about those loaders' classes.
     */
    @Override
    public AgentBuilder.RawMatcher matcher() {
        ElementMatcher.Junction<TypeDescription> own = none();
        final List<Rule> apart = new ArrayList<Rule>();
        for (Rule r : rules) {
            if (r.loaders == null) {
                own = own.or(r.types);
            } else {
                apart.add(r);
            }
        }
        final AgentBuilder.RawMatcher probe = new AgentBuilder.RawMatcher.ForElementMatchers(own, loaders);
        if (apart.isEmpty()) {
            return probe;
        }
        return new AgentBuilder.RawMatcher() {
            @Override
            public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> redefined,
                                   ProtectionDomain domain) {
                for (Rule r : apart) {
                    if (r.loaders.matches(loader) && r.types.matches(type)) {
                        return true;
                    }
                }
                return probe.matches(type, loader, module, redefined, domain);
            }
        };
    }

    /** The names of the rules that apply to {@code loader}'s classes, as {@link #matcher()} asks them. */
    @Override
    public Set<String> classNames(ClassLoader loader) {
        Set<String> names = new HashSet<String>();
        for (Rule r : rules) {
            if (r.loaders == null ? loaders.matches(loader) : r.loaders.matches(loader)) {
                Set<String> own = MatcherNames.classNames(r.types);
                if (own == null) {
                    return null;
                }
                names.addAll(own);
            }
        }
        return names;
    }

    @Override
    public boolean mayMatchClassesOf(ClassLoader loader) {
        if (loaders.matches(loader)) {
            return true;
        }
        for (Rule r : rules) {
            if (r.loaders != null && r.loaders.matches(loader)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public Weaving weaving() {
        final List<AdviceSet> each = new ArrayList<AdviceSet>();
        for (Rule r : rules) {
            each.add(r.weaving());
        }
        return new Rules(each);
    }

    /** The rules' advice, in order, and the stack noted as seen at its first class woven. */
    private final class Rules implements Weaving {
        private final List<AdviceSet> each;

        Rules(List<AdviceSet> each) {
            this.each = each;
        }

        @Override
        public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
            for (AdviceSet s : each) {
                s.adviceFor(type, method, into);
            }
        }

        @Override
        public boolean advises(TypeDescription type, MethodDescription method) {
            for (AdviceSet s : each) {
                if (s.advises(type, method)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public List<ElementMatcher<? super MethodDescription>> methodMatchers() {
            return Weaving.methodMatchersOf(each.toArray(new Weaving[0]));
        }

        @Override
        public void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
            // a JDK class a stack's rule also instruments (CXF's PushbackInputStream) is no sign of the stack
            if (stack != null && SeenStacks.isNew(stack) && !type.getName().startsWith("java.")) {
                SeenStacks.seen(stack, location(type, loader, domain));
            }
        }
    }

    /** Where the class comes from (its jar), to read the stack's version there; null when unknown. */
    static URL location(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
        try {
            CodeSource source = domain == null ? null : domain.getCodeSource();
            if (source != null && source.getLocation() != null) {
                return source.getLocation();
            }
            String resource = type.getName().replace('.', '/') + ".class";
            return loader == null ? ClassLoader.getSystemResource(resource) : loader.getResource(resource);
        } catch (Throwable e) {
            return null;
        }
    }
}
