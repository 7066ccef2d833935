package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import one.jfr.JfrReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.soapscope.flamegraphs.Fixtures.REQUEST_FRAMES;
import static dev.soapscope.flamegraphs.Fixtures.WORKLOAD;
import static dev.soapscope.flamegraphs.Fixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Samples restricted to a time window, on the checked-in base run (633 samples over about 750 ms: soap.parse 284,
 * unmarshal 281, none 68), and the public API the demo runner writes its per-scenario pages with.
 */
class TimeWindowTest {
    static List<Path> base;
    /** The recording's start and end, epoch milliseconds. */
    static long startMs;
    static long endMs;

    @BeforeAll
    static void span() throws Exception {
        base = List.of(run("base").resolve("profile.jfr"));
        try (JfrReader jfr = new JfrReader(base.get(0).toString())) {
            startMs = jfr.startNanos / 1_000_000;
            endMs = jfr.endNanos / 1_000_000;
        }
        assertEquals(748, endMs - startMs, "the fixture's length");
    }

    @Test
    void aWindowOverTheWholeRecordingKeepsEverySample() throws Exception {
        PhaseProfile all = PhaseProfile.read(base, null);
        PhaseProfile windowed = PhaseProfile.read(base, TimeWindow.of(startMs - 1000, endMs + 1000));
        assertEquals(633, windowed.rooted().total());
        assertEquals(all.rooted().lines(), windowed.rooted().lines());
    }

    @Test
    void aWindowOverPartOfTheRecordingKeepsItsSamplesUnderTheirPhases() throws Exception {
        long mid = (startMs + endMs) / 2;
        PhaseProfile first = PhaseProfile.read(base, TimeWindow.of(startMs, mid));
        PhaseProfile second = PhaseProfile.read(base, TimeWindow.of(mid + 1, endMs + 1));
        assertEquals(336, first.rooted().total());
        assertEquals(297, second.rooted().total());
        // every sample in one half or the other, each still in its phase
        assertEquals(284, first.phase(Phase.SOAP_PARSE).total() + second.phase(Phase.SOAP_PARSE).total());
        assertEquals(281, first.phase(Phase.UNMARSHAL).total() + second.phase(Phase.UNMARSHAL).total());
        assertEquals(68, first.none().total() + second.none().total());
        assertEquals(152, first.phase(Phase.SOAP_PARSE).total());
        assertEquals(149, first.phase(Phase.UNMARSHAL).total());
        for (String line : first.rooted().lines()) {
            assertFalse(line.contains("parseHot") && !line.startsWith("[phase:soap.parse];"), line);
            assertFalse(line.contains("unmarshalHot") && !line.startsWith("[phase:unmarshal];"), line);
        }
    }

    @Test
    void aWindowOutsideTheRecordingHasNothing() throws Exception {
        PhaseProfile before = PhaseProfile.read(base, TimeWindow.of(startMs - 10_000, startMs - 5000));
        assertEquals(0, before.rooted().total());
        assertTrue(before.phases().isEmpty(), "phases with spans but no samples are left out");
        FlameGraphs.Profile p = FlameGraphs.read(base, TimeWindow.of(endMs + 5000, endMs + 10_000));
        assertEquals(0, p.samples());
        BadInputException e = assertThrows(BadInputException.class,
                () -> p.writePages(Files.createTempDirectory("never"), "later", 10));
        assertTrue(e.getMessage().startsWith("later holds no execution samples"), e.getMessage());
    }

    @Test
    void takesAbsoluteTimesOnly() {
        // the converter reads small values as offsets into the recording, negative ones from its end
        assertThrows(IllegalArgumentException.class, () -> TimeWindow.of(0, 500));
        assertThrows(IllegalArgumentException.class, () -> TimeWindow.of(-500, startMs));
        assertThrows(IllegalArgumentException.class, () -> TimeWindow.of(endMs, startMs));
        assertEquals(startMs, TimeWindow.of(startMs, startMs).toEpochMs());
    }

    @Test
    void writesTheFlamePagesOfAWindow(@TempDir Path dir) throws Exception {
        long mid = (startMs + endMs) / 2;
        FlameGraphs.Profile p = FlameGraphs.read(FlameGraphs.jfrFiles(run("base")), TimeWindow.of(startMs, mid));
        assertEquals(336, p.samples());
        assertEquals(List.of("soap.parse", "unmarshal"), p.phases());
        FlameGraphs.Pages pages = p.writePages(dir.resolve("s"), "first half", 150);
        assertEquals(dir.resolve("s").resolve("flame.html"), pages.all());
        assertEquals(Map.of("soap.parse", dir.resolve("s").resolve("flame-soap.parse.html"),
                "unmarshal", dir.resolve("s").resolve("flame-unmarshal.html")), pages.phases());
        assertEquals(List.of("soap.parse", "unmarshal"), List.copyOf(pages.phases().keySet()));
        assertEquals(Map.of("soap.parse", 152L, "unmarshal", 149L), pages.phaseSamples());
        assertEquals(35, pages.noneSamples());
        assertTrue(Files.readString(pages.all()).contains("<h1>soapscope: first half by phase (336 samples, 150 requests)</h1>"));
        assertEquals(336 - 35, FlameHtml.read(pages.all()).get(0).width(), "[phase:none] left out");
        assertEquals(149, FlameHtml.read(pages.phases().get("unmarshal")).get(0).width());
        assertTrue(Files.isRegularFile(dir.resolve("s").resolve("flame.collapsed")));
    }

    @Test
    void diffsProfilesWithTheRequestCountsGiven(@TempDir Path dir) throws Exception {
        // as DiffCommandTest, without phases.json: base 300 requests, current 150
        FlameGraphs.Profile b = FlameGraphs.read(base, null);
        FlameGraphs.Profile c = FlameGraphs.read(List.of(run("current").resolve("profile.jfr")), null);
        Path html = dir.resolve("sub").resolve("diff.html");
        assertEquals(10_000, FlameGraphs.writeDiff(b, "base", 300, c, "current", 150, html));
        List<FlameHtml.Frame> frames = FlameHtml.read(html);
        FlameHtml.Frame unmarshal = FlameHtml.frame(frames, "[phase:unmarshal];" + REQUEST_FRAMES + ";" + WORKLOAD
                + ".unmarshalHot");
        assertEquals(Long.valueOf(23000 - 9133), unmarshal.diff());
        assertTrue(Files.readString(html).contains("soapscope diff: current (150 requests) vs base (300 requests)"));
        assertThrows(IllegalArgumentException.class,
                () -> FlameGraphs.writeDiff(b, "base", 0, c, "current", 150, dir.resolve("none.html")));
    }
}
