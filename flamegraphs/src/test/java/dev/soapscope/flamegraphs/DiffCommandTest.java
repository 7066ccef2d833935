package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.soapscope.flamegraphs.Fixtures.REQUEST;
import static dev.soapscope.flamegraphs.Fixtures.REQUEST_FRAMES;
import static dev.soapscope.flamegraphs.Fixtures.WORKLOAD;
import static dev.soapscope.flamegraphs.Fixtures.cli;
import static dev.soapscope.flamegraphs.Fixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code diff} of the checked-in runs: base 300 requests (parseHot 278 samples, unmarshalHot 274), current 150
 * requests (parseHot 147, unmarshalHot 345). Per request parse stayed and unmarshal grew; in raw counts parse
 * would seem to have halved.
 */
class DiffCommandTest {
    @TempDir
    static Path out;
    static Fixtures.Result result;
    static List<String> collapsed;
    static List<FlameHtml.Frame> frames;

    @BeforeAll
    static void diff() throws Exception {
        result = cli("diff", run("base").toString(), run("current").toString(), "--out",
                out.resolve("diff.html").toString(), "--collapsed", out.resolve("diff.collapsed").toString());
        collapsed = Files.readAllLines(out.resolve("diff.collapsed"));
        frames = FlameHtml.read(out.resolve("diff.html"));
    }

    @Test
    void normalisesPerRequest() {
        assertEquals(0, result.exit(), result.err());
        assertEquals("wrote " + out.resolve("diff.html") + " (samples per 10000 requests)\n"
                + "wrote " + out.resolve("diff.collapsed") + " (stack, baseline, current per 10000 requests)\n",
                result.out());
        // samples per 10,000 requests: 278 / 300 and 147 / 150; 274 / 300 and 345 / 150
        assertTrue(collapsed.contains("[phase:soap.parse];" + REQUEST + ";" + WORKLOAD + ".parseHot_[j] 9267 9800"));
        assertTrue(collapsed.contains("[phase:unmarshal];" + REQUEST + ";" + WORKLOAD
                + ".unmarshalHot_[j] 9133 23000"));
    }

    @Test
    void marksUnmarshalAsGrowth() {
        FlameHtml.Frame unmarshal = FlameHtml.frame(frames, "[phase:unmarshal];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".unmarshalHot");
        assertEquals(Long.valueOf(23000 - 9133), unmarshal.diff()); // d=13867 before it: red
        assertEquals(23300, unmarshal.width());

        FlameHtml.Frame parse = FlameHtml.frame(frames, "[phase:soap.parse];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".parseHot");
        assertEquals(Long.valueOf(9800 - 9267), parse.diff());
        assertTrue(parse.diff() < parse.width() / 10, "per request, parsing stayed about the same");
    }

    @Test
    void keepsFramesGoneFromTheCurrentRun() {
        // two baseline samples in an interrupt under parseHot, none in the current run: drawn at the baseline
        // width, all of it shrinkage
        FlameHtml.Frame gone = FlameHtml.frame(frames, "[phase:soap.parse];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".parseHot;asm_sysvec_reschedule_ipi;irqentry_exit_to_user_mode");
        assertEquals(33, gone.width());
        assertEquals(Long.valueOf(-33), gone.diff());
    }

    @Test
    void marksFramesOnlyInTheCurrentRunAsNew(@TempDir Path dir) throws Exception {
        // a JIT frame: outside any phase, so drawn only when asked to
        assertFalse(frames.stream().anyMatch(f -> f.title().equals("[phase:none]")));
        Fixtures.Result r = cli("diff", run("base").toString(), run("current").toString(), "--out",
                dir.resolve("diff.html").toString(), "--none", "show");
        assertEquals(0, r.exit(), r.err());
        FlameHtml.Frame added = FlameHtml.read(dir.resolve("diff.html")).stream()
                .filter(f -> f.title().equals("Canonicalizer::do_NullCheck")).findFirst().orElseThrow();
        assertNull(added.diff()); // d=U: yellow
        assertEquals(67, added.width());
    }

    @Test
    void scalesAndKeepsBothSides() {
        CollapsedStacks base = CollapsedStacks.parse("a;b 10\na;c 4\n");
        CollapsedStacks current = CollapsedStacks.parse("a;b 10\na;d 2\n");
        DiffGraph diff = DiffGraph.of(base, 100, current, 50);
        assertEquals(1000, diff.unit());
        assertEquals(List.of("a;b 100 200", "a;c 40 0", "a;d 0 40"), diff.lines());
    }

    @Test
    void drawsScaledDifferences(@TempDir Path dir) throws Exception {
        DiffGraph diff = DiffGraph.of(CollapsedStacks.parse("a;b 10\na;c 4\n"), 100,
                CollapsedStacks.parse("a;b 10\na;d 2\n"), 50);
        diff.writeHtml(dir.resolve("d.html"), "t", true, "");
        List<FlameHtml.Frame> f = FlameHtml.read(dir.resolve("d.html"));
        assertEquals(280, f.get(0).width());
        assertEquals(new FlameHtml.Frame("a;b", "b", 2, 200, 100L), FlameHtml.frame(f, "a;b"));
        assertEquals(new FlameHtml.Frame("a;c", "c", 2, 40, -40L), FlameHtml.frame(f, "a;c"));
        assertEquals(new FlameHtml.Frame("a;d", "d", 2, 40, null), FlameHtml.frame(f, "a;d"));
    }

    @Test
    void needsRequestCounts(@TempDir Path dir) {
        Path jfr = run("base").resolve("profile.jfr");
        Fixtures.Result r = cli("diff", jfr.toString(), run("current").toString(), "--out",
                dir.resolve("d.html").toString());
        assertEquals(2, r.exit());
        assertEquals("soapscope: " + jfr + " is a single file without phases.json: give the run directory,"
                + " which holds both\n", r.err());
    }
}
