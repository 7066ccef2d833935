package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The flame graphs of a run that needed two servers, one profiled and one not. */
class FlamesTest {

    private static final String ASYNC = "async-profiler 4.6, cpu samples every 10 ms";

    @Test
    void mergeKeepsEachServersPagesAndGivesTheOthersScenariosTheirReason() {
        Flames tomcat11 = new Flames(ASYNC, null,
                Map.of("a/x", new Flames.ScenarioFlames("flamegraphs/a-x/flame.html", Map.of(), 10, null)),
                List.of(new Flames.Diff("a/x", "a/y", "flamegraphs/diff-a-x-vs-y.html", 1000)), List.of("profile"));
        Flames tomcat9 = Flames.none(ASYNC, "no samples in the profile", "profile-tomcat9");
        Map<Flames, List<String>> scenarios = new IdentityHashMap<>();
        scenarios.put(tomcat11, List.of("a/x"));
        scenarios.put(tomcat9, List.of("b/p", "b/q"));

        Flames run = Flames.merge(List.of(tomcat11, tomcat9), scenarios);

        assertNull(run.missing(), "one server has pages, so the run has");
        assertEquals(ASYNC, run.profiler());
        assertEquals(List.of("profile", "profile-tomcat9"), run.profileDirs());
        assertTrue(run.of("a/x").written());
        assertEquals("no samples in the profile", run.of("b/q").missing());
        assertEquals(1, run.diffs().size());
        assertTrue(FlameText.wholeProfile(run).contains("profile/ and profile-tomcat9/"), FlameText.wholeProfile(run));
    }

    @Test
    void aRunHasNoPagesOnlyWhenNoServerHas() {
        Flames off = Flames.none(null, "not profiled (--no-flamegraphs)", null);
        Flames alsoOff = Flames.none(null, "not profiled (--no-flamegraphs)", null);
        Flames run = Flames.merge(List.of(off, alsoOff), new IdentityHashMap<>());
        assertEquals("not profiled (--no-flamegraphs)", run.missing());
        assertEquals(List.of(), run.profileDirs());
        assertSame(off, Flames.merge(List.of(off), Map.of()));
    }
}
