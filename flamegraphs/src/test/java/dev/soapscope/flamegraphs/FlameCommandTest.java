package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static dev.soapscope.flamegraphs.Fixtures.REQUEST;
import static dev.soapscope.flamegraphs.Fixtures.REQUEST_FRAMES;
import static dev.soapscope.flamegraphs.Fixtures.WORKLOAD;
import static dev.soapscope.flamegraphs.Fixtures.cli;
import static dev.soapscope.flamegraphs.Fixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code flame} on the checked-in base run: 633 samples, 300 requests. */
class FlameCommandTest {
    @TempDir
    static Path out;
    static Fixtures.Result result;
    static List<String> collapsed;

    @BeforeAll
    static void flame() throws Exception {
        result = cli("flame", run("base").toString(), "--out", out.toString());
        collapsed = Files.readAllLines(out.resolve("flame.collapsed"));
    }

    @Test
    void writesTheWholeRunAndOnePagePerPhase() throws Exception {
        assertEquals(0, result.exit(), result.err());
        assertEquals("wrote " + out.resolve("flame.html") + " (633 samples, 300 requests)\n"
                + "wrote " + out.resolve("flame-soap.parse.html") + " (44.9% of the samples)\n"
                + "wrote " + out.resolve("flame-unmarshal.html") + " (44.4% of the samples)\n"
                + "10.7% of the samples are outside any phase span: [phase:none] (not drawn in flame.html; --none show"
                + " draws them)\n", result.out());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("flame-soap.parse.html", "flame-unmarshal.html", "flame.collapsed", "flame.html"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void rootsEverySampleAtItsPhase() {
        assertTrue(collapsed.contains("[phase:soap.parse];" + REQUEST + ";" + WORKLOAD + ".parseHot_[j] 278"));
        assertTrue(collapsed.contains("[phase:unmarshal];" + REQUEST + ";" + WORKLOAD + ".unmarshalHot_[j] 274"));
        assertTrue(collapsed.contains("[phase:none];" + REQUEST + ";" + WORKLOAD + ".betweenRequests_[j] 55"));
        assertEquals(284, samples("[phase:soap.parse];"));
        assertEquals(281, samples("[phase:unmarshal];"));
        assertEquals(68, samples("[phase:none];"));
        assertEquals(633, samples(""));
        for (String line : collapsed) {
            assertFalse(line.contains("parseHot") && !line.startsWith("[phase:soap.parse];"), line);
            assertFalse(line.contains("unmarshalHot") && !line.startsWith("[phase:unmarshal];"), line);
            assertFalse(line.contains("betweenRequests") && !line.startsWith("[phase:none];"), line);
        }
    }

    @Test
    void theWholeRunPageDrawsThePhaseFrames() throws Exception {
        List<FlameHtml.Frame> frames = FlameHtml.read(out.resolve("flame.html"));
        List<String> roots = frames.stream().filter(f -> f.level() == 1).map(FlameHtml.Frame::title).toList();
        assertEquals(List.of("[phase:soap.parse]", "[phase:unmarshal]"), roots, "[phase:none] left out");
        assertEquals(633 - 68, frames.get(0).width());
        assertEquals(284, FlameHtml.frame(frames, "[phase:soap.parse]").width());
        // widths are totals: the hot methods' own samples and those of what they called (the clock, interrupts)
        assertEquals(284, FlameHtml.frame(frames, "[phase:soap.parse];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".parseHot").width());
        assertEquals(279, FlameHtml.frame(frames, "[phase:unmarshal];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".unmarshalHot").width());
        String page = Files.readString(out.resolve("flame.html"));
        assertTrue(page.contains("<h1>soapscope: " + run("base") + " by phase (633 samples, 300 requests)</h1>"));
    }

    @Test
    void drawsThePhaseNoneFramesWhenAskedTo(@TempDir Path dir) throws Exception {
        Fixtures.Result r = cli("flame", run("base").toString(), "--out", dir.toString(), "--none", "show");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().endsWith("10.7% of the samples are outside any phase span: [phase:none]\n"), r.out());
        List<FlameHtml.Frame> frames = FlameHtml.read(dir.resolve("flame.html"));
        assertEquals(List.of("[phase:none]", "[phase:soap.parse]", "[phase:unmarshal]"),
                frames.stream().filter(f -> f.level() == 1).map(FlameHtml.Frame::title).toList());
        assertEquals(633, frames.get(0).width());
        assertEquals(68, FlameHtml.frame(frames, "[phase:none]").width());
        assertEquals(Files.readAllLines(out.resolve("flame.collapsed")), Files.readAllLines(dir.resolve("flame.collapsed")),
                "the collapsed stacks hold every sample either way");

        Fixtures.Result bad = cli("flame", run("base").toString(), "--out", dir.toString(), "--none", "maybe");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("soapscope: --none takes show or hide, not maybe\n"), bad.err());
    }

    @Test
    void thePhasePagesHoldOnlyTheirPhase() throws Exception {
        List<String> unmarshal = FlameHtml.titles(FlameHtml.read(out.resolve("flame-unmarshal.html")));
        assertTrue(unmarshal.contains(WORKLOAD + ".unmarshalHot"), unmarshal.toString());
        assertFalse(unmarshal.stream().anyMatch(t -> t.contains("parseHot") || t.contains("betweenRequests")));

        List<String> parse = FlameHtml.titles(FlameHtml.read(out.resolve("flame-soap.parse.html")));
        assertTrue(parse.contains(WORKLOAD + ".parseHot"), parse.toString());
        assertFalse(parse.stream().anyMatch(t -> t.contains("unmarshalHot") || t.contains("betweenRequests")));
        assertEquals(281, FlameHtml.read(out.resolve("flame-unmarshal.html")).get(0).width());
    }

    @Test
    void takesASingleJfrFile(@TempDir Path dir) {
        Fixtures.Result r = cli("flame", run("current").resolve("profile.jfr").toString(), "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("wrote " + dir.resolve("flame.html") + " (536 samples)\n"), r.out());
    }

    @Test
    void addsUpTheRecordingsOfARun(@TempDir Path dir) throws Exception {
        Path twice = Files.createDirectory(dir.resolve("run"));
        Files.copy(run("base").resolve("profile.jfr"), twice.resolve("profile-1.jfr"));
        Files.copy(run("base").resolve("profile.jfr"), twice.resolve("profile-2.jfr"));
        Files.copy(run("base").resolve("phases.json"), twice.resolve("phases.json"));
        Fixtures.Result r = cli("flame", twice.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readAllLines(dir.resolve("out").resolve("flame.collapsed"))
                .contains("[phase:unmarshal];" + REQUEST + ";" + WORKLOAD + ".unmarshalHot_[j] 548"));
    }

    @Test
    void skipsASegmentCutShortWithAWarningNamingIt(@TempDir Path dir) throws Exception {
        Path crashed = Files.createDirectory(dir.resolve("run"));
        byte[] complete = Files.readAllBytes(run("base").resolve("profile.jfr"));
        Files.write(crashed.resolve("soapscope-1.jfr"), complete);
        Path cut = crashed.resolve("soapscope-2.jfr"); // being written when the JVM was killed
        Files.write(cut, java.util.Arrays.copyOf(complete, complete.length / 2));
        Files.copy(run("base").resolve("phases.json"), crashed.resolve("phases.json"));
        Fixtures.Result r = cli("flame", crashed.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("warning: cannot read " + cut + " as a JFR recording: "), r.out());
        assertTrue(r.out().contains("wrote " + dir.resolve("out").resolve("flame.html") + " (633 samples, 300 requests)\n"),
                r.out());

        Fixtures.Result diff = cli("diff", crashed.toString(), run("current").toString(), "--out",
                dir.resolve("diff.html").toString());
        assertEquals(0, diff.exit(), diff.err());
        assertTrue(diff.out().startsWith("warning: cannot read " + cut + " as a JFR recording: "), diff.out());
    }

    @Test
    void refusesWhatIsNoRecording(@TempDir Path dir) throws Exception {
        Path notJfr = dir.resolve("profile.jfr");
        Files.writeString(notJfr, "not a recording");
        Fixtures.Result r = cli("flame", notJfr.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("soapscope: cannot read " + notJfr + " as a JFR recording: "), r.err());

        Fixtures.Result none = cli("flame", run("malformed").toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, none.exit());
        assertEquals("soapscope: " + run("malformed") + " holds no *.jfr files (async-profiler recordings)\n",
                none.err());
    }

    private static long samples(String prefix) {
        return collapsed.stream().filter(l -> l.startsWith(prefix))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
