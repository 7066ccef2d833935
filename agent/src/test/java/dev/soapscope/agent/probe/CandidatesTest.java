package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
