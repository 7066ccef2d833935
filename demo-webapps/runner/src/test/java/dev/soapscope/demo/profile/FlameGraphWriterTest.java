package dev.soapscope.demo.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.soapscope.demo.ServerProcess;
import dev.soapscope.demo.report.Flames;
import dev.soapscope.demo.report.ScenarioResult;
import dev.soapscope.demo.scenario.Scenarios;
import one.jfr.JfrReader;

class FlameGraphWriterTest {

    private static final ServerProcess.Profiling ASYNC = new ServerProcess.Profiling("async-profiler 4.6", null);
    /** The flamegraphs module's recordings: base 633 samples over 748 ms, current 536. */
    private static final Path FIXTURES = Path.of("..", "..", "flamegraphs", "src", "test", "resources", "runs");

    @TempDir
    Path out;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void namesPagesAfterTheScenarios() {
        assertEquals("payload-caching-axiom-caching", FlameGraphWriter.slug("payload-caching/axiom-caching"));
        assertEquals("mtom-echo-base64", FlameGraphWriter.slug("mtom-echo/base64"));
        assertEquals("diff-payload-caching-axiom-caching-vs-axiom-streaming.html",
                FlameGraphWriter.diffFile(Scenarios.pairs().get(0)));
        assertEquals("diff-mtom-base64-vs-mtom.html", FlameGraphWriter.diffFile(Scenarios.pairs().get(1)));
        assertEquals("diff-mtom-echo-base64-vs-mtom.html", FlameGraphWriter.diffFile(Scenarios.pairs().get(2)));
        assertEquals("diff-a-x-vs-b-y.html", FlameGraphWriter.diffFile(new Scenarios.Pair("a/x", "b/y")));
    }

    @Test
    void drawsEachScenariosWindowAndThePairsDiff() throws Exception {
        // two recordings in the profile directory, as after a rotation: each scenario's window covers one
        Path profile = FlameGraphWriter.prepare(out, "profile");
        Files.copy(FIXTURES.resolve("base").resolve("profile.jfr"), profile.resolve("soapscope-1.jfr"));
        Files.copy(FIXTURES.resolve("current").resolve("profile.jfr"), profile.resolve("soapscope-2.jfr"));
        long[] base = span(profile.resolve("soapscope-1.jfr"));
        long[] current = span(profile.resolve("soapscope-2.jfr"));
        Map<String, FlameGraphWriter.Window> windows = Map.of(
                "g/lean", new FlameGraphWriter.Window(base[0], base[1]),
                "g/costly", new FlameGraphWriter.Window(current[0], current[1]),
                "g/idle", new FlameGraphWriter.Window(base[0] - 60_000, base[0] - 30_000));
        List<ScenarioResult> results = List.of(result("g/lean", 300), result("g/costly", 150), result("g/idle", 10),
                result("g/unmeasured", 10));

        Flames flames = FlameGraphWriter.write(out, "profile", ASYNC, results, windows,
                List.of(new Scenarios.Pair("g/costly", "g/lean"), new Scenarios.Pair("g/idle", "g/lean")), log);

        assertNull(flames.missing());
        assertEquals("async-profiler 4.6, cpu samples every 10 ms", flames.profiler());
        assertEquals(List.of("profile"), flames.profileDirs());
        Flames.ScenarioFlames lean = flames.of("g/lean");
        assertEquals(633, lean.samples(), "the base recording only");
        assertEquals("flamegraphs/g-lean/flame.html", lean.flame());
        assertEquals(Map.of("soap.parse", "flamegraphs/g-lean/flame-soap.parse.html",
                "unmarshal", "flamegraphs/g-lean/flame-unmarshal.html"), lean.phases());
        assertTrue(Files.readString(out.resolve(lean.flame())).contains("<h1>soapscope: g/lean by phase (633 samples, "
                + "300 requests)</h1>"));
        assertTrue(Files.isRegularFile(out.resolve("flamegraphs/g-lean/flame-unmarshal.html")));
        assertEquals(536, flames.of("g/costly").samples(), "the current recording only");
        assertEquals("no samples were taken while it ran", flames.of("g/idle").missing());
        assertEquals("it was not measured", flames.of("g/unmeasured").missing());

        assertEquals(List.of(new Flames.Diff("g/costly", "g/lean", "flamegraphs/diff-g-costly-vs-lean.html", 10_000)),
                flames.diffs(), "no diff with a scenario that has no graphs");
        String diff = Files.readString(out.resolve("flamegraphs/diff-g-costly-vs-lean.html"));
        assertTrue(diff.contains("soapscope diff: g/costly (150 requests) vs g/lean (300 requests)"));
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("flame graphs of g/lean: 633 samples, "), text);
        assertTrue(text.contains("differential flame graph, g: costly against lean: "), text);

        // a second run in the same directory starts clean
        Files.writeString(out.resolve("flamegraphs").resolve("mine.txt"), "kept");
        FlameGraphWriter.prepare(out, "profile");
        try (var left = Files.walk(out)) {
            assertEquals(List.of("flamegraphs", "flamegraphs/mine.txt", "profile"), left.filter(p -> !p.equals(out))
                    .map(p -> out.relativize(p).toString().replace('\\', '/')).sorted().toList());
        }
    }

    @Test
    void withoutUsableProfilesTheRunGetsAReasonNotAnError() throws Exception {
        List<ScenarioResult> results = List.of(result("g/a", 10));
        Map<String, FlameGraphWriter.Window> windows = Map.of("g/a", new FlameGraphWriter.Window(1_800_000_000_000L,
                1_800_000_001_000L));
        List<Scenarios.Pair> pairs = Scenarios.pairs();

        Flames notStarted = FlameGraphWriter.write(out, "profile", new ServerProcess.Profiling(null,
                "continuous profiling not started: cannot create /x; the agent goes on without it"), results, windows,
                pairs, log);
        assertNull(notStarted.profiler(), "not profiled: no cost in the figures");
        assertEquals("continuous profiling not started: cannot create /x; the agent goes on without it",
                notStarted.missing());

        Flames fallback = FlameGraphWriter.write(out, "profile", new ServerProcess.Profiling("JDK Flight Recorder",
                "async-profiler cannot load here (x); profiling with the JDK's Flight Recorder instead, without phase "
                        + "tags"), results, windows, pairs, log);
        assertEquals("JDK Flight Recorder, cpu samples every 10 ms", fallback.profiler());
        assertTrue(fallback.missing().startsWith("the agent profiled with JDK Flight Recorder, whose samples carry no "
                + "request phase (async-profiler cannot load here (x)"), fallback.missing());

        Flames silent = FlameGraphWriter.write(out, "profile", new ServerProcess.Profiling(null, null), results, windows, pairs, log);
        assertEquals("the agent never said it was profiling (see server.log)", silent.missing());

        Path profile = FlameGraphWriter.prepare(out, "profile");
        Flames noFile = FlameGraphWriter.write(out, "profile", ASYNC, results, windows, pairs, log);
        assertTrue(noFile.missing().startsWith("the agent left no JFR file in " + profile), noFile.missing());

        Files.writeString(profile.resolve("soapscope-1.jfr"), "cut short");
        Flames unreadable = FlameGraphWriter.write(out, "profile", ASYNC, results, windows, pairs, log);
        assertNull(unreadable.missing());
        assertTrue(unreadable.of("g/a").missing().startsWith("cannot read "), unreadable.of("g/a").missing());
        assertFalse(unreadable.of("g/a").written());
    }

    /** A recording's first and last epoch millisecond. */
    private static long[] span(Path jfr) throws Exception {
        try (JfrReader r = new JfrReader(jfr.toString())) {
            return new long[] {r.startNanos / 1_000_000, r.endNanos / 1_000_000 + 1};
        }
    }

    private static ScenarioResult result(String name, int requests) {
        return new ScenarioResult(name, "/x", "a scenario", requests, 0, Map.of(), 100, 1, 1, 2, 1, 100, 100, 1,
                Double.NaN, 0, null);
    }
}
