package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatcher;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The weaver's first question, which probes could advise a class by its methods' names, read off the probes' own
 * matchers (issue 45). That the answer never changes what is woven is {@link SupertypeAnswersTest}'s.
 */
class CandidatesTest {

    @Test
    void namesAreReadOffConjunctionsAndDisjunctions() {
        List<MatcherNames.Names> names = MatcherNames.of(named("invoke").and(takesArguments(1))
                .and(isDeclaredBy(namedOneOf("a.B", "a.C"))));
        assertEquals(1, names.size());
        assertEquals(Collections.singleton("invoke"), names.get(0).methods);
        assertEquals(new HashSet<>(Arrays.asList("a.B", "a.C")), names.get(0).types);

        List<MatcherNames.Names> either = MatcherNames.of(named("serialize").or(named("serializeAndConsume"))
                .and(takesArguments(1)));
        assertEquals(2, either.size(), either.toString());
        assertEquals(Collections.singleton("serializeAndConsume"), either.get(1).methods);
        assertNull(either.get(1).types, "no declaring type named: any");

        assertEquals(Collections.singleton("<init>"), MatcherNames.of(isConstructor()).get(0).methods);
        assertTrue(MatcherNames.of(named("a").and(named("b"))).isEmpty(), "no name is both");
    }

    /** {@code none()} begins the probes' {@code or} chains: it matches no name, {@code any()} every name. */
    @Test
    void noneMatchesNoNameAndAnyEvery() {
        assertEquals(Collections.singleton("write"), MatcherNames.methodNames(none().or(named("write"))));
        assertTrue(MatcherNames.of(none()).isEmpty());
        assertNull(MatcherNames.methodNames(any().and(isStatic())), "any name");
        assertEquals(new HashSet<>(Arrays.asList("a.B", "a.C")),
                MatcherNames.classNames(none().or(named("a.B")).or(namedOneOf("a.C"))));
        assertNull(MatcherNames.classNames(none().or(named("a.B")).or(Rule.below("a.C"))), "below a type: any name");
        assertEquals(Collections.singleton("a.B"), MatcherNames.classNames(named("a.B").and(Rule.below("a.C"))));
    }

    /** Weaving a class asks a method matcher only about the methods of the names it can match. */
    @Test
    void anAdviceIsAskedAboutTheMethodsOfItsNamesOnly() {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        ElementMatcher<MethodDescription> counting = m -> asked.incrementAndGet() > 0 && m.getParameters().isEmpty();
        AdviceSet set = Advices.plain().advice(named("read").and(counting), "x.Read").advice(isConstructor(), "x.New");
        net.bytebuddy.description.type.TypeDescription type = new net.bytebuddy.description.type.TypeDescription.Latent(
                "a.Stream", Opcodes.ACC_PUBLIC, net.bytebuddy.description.type.TypeDescription.Generic.OBJECT);
        assertTrue(set.advises(type, ClassWeaver.method(type, Opcodes.ACC_PUBLIC, "read", "()I")));
        assertFalse(set.advises(type, ClassWeaver.method(type, Opcodes.ACC_PUBLIC, "read", "(I)I")), "its matcher says no");
        assertEquals(2, asked.get());
        assertFalse(set.advises(type, ClassWeaver.method(type, Opcodes.ACC_PUBLIC, "write", "()V")));
        assertTrue(set.advises(type, ClassWeaver.method(type, Opcodes.ACC_PUBLIC, "<init>", "()V")));
        assertEquals(2, asked.get(), "not asked about write nor the constructor");
    }

    @Test
    void whatCannotBeReadIsAnyName() {
        assertTrue(MatcherNames.of(isStatic().and(nameStartsWith("create"))).get(0).any());
        assertTrue(MatcherNames.of(isDeclaredBy(Rule.below("a.B"))).get(0).any(), "a supertype is no name");
    }

    @Test
    void aClassIsACandidateOfTheProbesThatCouldAdviseOneOfItsMethods() {
        List<Weaving> weavings = new ArrayList<>();
        weavings.add(Advices.plain().advice(named("read").and(takesArguments(0)), "x.Read"));
        weavings.add(Advices.plain().advice(named("bind").and(isDeclaredBy(named("java.net.ServerSocket"))), "x.Bind"));
        weavings.add(Advices.plain().advice(isDeclaredBy(named("a.Factory")), "x.Any"));
        Candidates candidates = new Candidates(weavings);

        assertNull(candidates.of("a.Other", new String[] {"<init>", "toString"}));
        assertEquals(Collections.singletonList(0), candidates.of("a.Stream", new String[] {"<init>", "read"}));
        assertNull(candidates.of("a.Socket", new String[] {"bind"}), "bind, but not ServerSocket's");
        assertEquals(Arrays.asList(0, 1), candidates.of("java.net.ServerSocket", new String[] {"bind", "read"}));
        assertEquals(Collections.singletonList(2), candidates.of("a.Factory", new String[] {"<init>"}));
    }

    /**
     * Every probe's matchers can be read but one's (Axis2's generated stubs: any public method below
     * {@code Stub}), so a Byte Buddy whose matchers no longer read would show here, not as a slower start.
     */
    @Test
    void everyProbesMethodsAreKnownByNameButAxis2Stubs() {
        List<Probe> probes = Probes.all();
        List<Weaving> weavings = new ArrayList<>();
        for (Probe p : probes) {
            p.prepare();
            List<ElementMatcher<? super MethodDescription>> matchers = p.weaving().methodMatchers();
            assertTrue(matchers != null && !matchers.isEmpty(), p.name() + " tells its method matchers");
            weavings.add(p.weaving());
        }
        BitSet always = new Candidates(weavings).always();
        List<String> asked = new ArrayList<>();
        for (int i = always.nextSetBit(0); i >= 0; i = always.nextSetBit(i + 1)) {
            asked.add(probes.get(i).name());
        }
        assertEquals(Collections.singletonList("axis2-client"), asked);
    }
}
