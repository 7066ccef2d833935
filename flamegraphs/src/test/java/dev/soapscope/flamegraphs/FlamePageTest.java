package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static dev.soapscope.flamegraphs.Fixtures.cli;
import static dev.soapscope.flamegraphs.Fixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pages open on the phases: hanging from the top, each phase frame in its phase's colour, {@code [phase:none]}
 * left out unless asked for; read from the HTML, and drawn by Chromium (the checked-in base run: soap.parse 284
 * samples, unmarshal 281, none 68).
 */
class FlamePageTest {
    @TempDir
    static Path out;
    static String page;

    @BeforeAll
    static void flame() throws Exception {
        Fixtures.Result r = cli("flame", run("base").toString(), "--out", out.resolve("hidden").toString());
        assertEquals(0, r.exit(), r.err());
        r = cli("flame", run("base").toString(), "--out", out.resolve("shown").toString(), "--none", "show");
        assertEquals(0, r.exit(), r.err());
        page = Files.readString(out.resolve("hidden").resolve("flame.html"));
    }

    @Test
    void everyPhaseHasItsOwnColour() {
        List<String> colours = Arrays.stream(Phase.values()).map(Phase::colour).toList();
        assertEquals(Phase.values().length, colours.stream().distinct().count(), colours.toString());
        assertFalse(colours.contains(PhaseFrame.NONE_COLOUR));
        for (String c : colours) {
            assertTrue(c.matches("#[0-9a-f]{6}"), c);
        }
    }

    @Test
    void hangsFromTheTopSoThePhasesAreTheFirstRows() {
        assertTrue(page.contains("\tlet inverted = true;\n"), "the converter's inverted (icicle) view");
    }

    @Test
    void namesThePhasesInTheirColoursAndWhatItLeftOut() {
        String legend = page.substring(page.indexOf("<div id='phases'"), page.indexOf(FlamePage.CANVAS));
        assertTrue(legend.contains("background-color: " + Phase.SOAP_PARSE.colour() + "; color: #000000; padding: 1px 5px; "
                + "margin: 0 3px; border-radius: 3px; white-space: nowrap'>[phase:soap.parse]</span>"), legend);
        assertTrue(legend.indexOf("[phase:soap.parse]") < legend.indexOf("[phase:unmarshal]"), "in the phases' order");
        assertFalse(legend.contains("background-color: " + PhaseFrame.NONE_COLOUR), legend);
        assertTrue(legend.contains("[phase:none] not drawn: 68 of 633 samples (10.7%), taken outside any request phase"
                + " (JIT compiler, GC, threads between requests); flame --none show draws them"), legend);
    }

    @Test
    void colourThePhaseFramesAfterTheyAreReadAndBeforeTheFirstDraw() {
        int colours = page.indexOf("\n" + FlamePage.COLOURS_LINE);
        assertTrue(colours > page.lastIndexOf("\nf(") && colours > page.lastIndexOf("\nu(")
                && colours < page.lastIndexOf("\nsearch("), "between the frames and search(");
        String line = page.substring(colours + 1, page.indexOf('\n', colours + 1));
        for (Phase p : Phase.values()) {
            assertTrue(line.contains("'" + PhaseFrame.of(p) + "': '" + p.colour() + "'"), p + ": " + line);
        }
        assertTrue(line.contains("'[phase:none]': '" + PhaseFrame.NONE_COLOUR + "'"), line);
    }

    @Test
    void chromiumDrawsThePhaseFramesInTheirColoursAboveTheFold() throws Exception {
        BufferedImage hidden = Chromium.screenshot(out.resolve("hidden").resolve("flame.html"), 1200, 700,
                out.resolve("hidden.png"));
        // the two phase frames share the canvas's width (1180 px), 15 px high, minus their titles: thousands of
        // pixels each, where a legend swatch has a few hundred; all within the first 200 rows
        int parse = Chromium.pixels(hidden, Phase.SOAP_PARSE.colour(), 200);
        int unmarshal = Chromium.pixels(hidden, Phase.UNMARSHAL.colour(), 200);
        assertTrue(parse > 5000 && unmarshal > 5000, "soap.parse " + parse + " px, unmarshal " + unmarshal + " px");
        int noneHidden = Chromium.pixels(hidden, PhaseFrame.NONE_COLOUR, 700); // a few in anti-aliased edges
        assertTrue(noneHidden < 200, "no [phase:none] frame: " + noneHidden + " px");

        BufferedImage shown = Chromium.screenshot(out.resolve("shown").resolve("flame.html"), 1200, 700,
                out.resolve("shown.png"));
        int none = Chromium.pixels(shown, PhaseFrame.NONE_COLOUR, 200);
        assertTrue(none > 800, "[phase:none] in its grey when shown: " + none + " px");
    }

    @Test
    void thePhasePagesShowTheirPhaseFrame() throws Exception {
        List<FlameHtml.Frame> frames = FlameHtml.read(out.resolve("hidden").resolve("flame-unmarshal.html"));
        assertEquals(List.of("[phase:unmarshal]"), frames.stream().filter(f -> f.level() == 1)
                .map(FlameHtml.Frame::title).toList());
        String unmarshal = Files.readString(out.resolve("hidden").resolve("flame-unmarshal.html"));
        assertTrue(unmarshal.contains(">[phase:unmarshal]</span>") && !unmarshal.contains(">[phase:soap.parse]</span>"));
    }

    @Test
    void theDiffPageColoursItsPhasesAndLeavesOutNone(@TempDir Path dir) throws Exception {
        Fixtures.Result r = cli("diff", run("base").toString(), run("current").toString(), "--out",
                dir.resolve("diff.html").toString());
        assertEquals(0, r.exit(), r.err());
        String diff = Files.readString(dir.resolve("diff.html"));
        assertTrue(diff.contains("\tlet inverted = true;\n") && diff.contains("\n" + FlamePage.COLOURS_LINE));
        assertTrue(diff.contains(">[phase:unmarshal]</span>"), diff);
        assertTrue(diff.contains("[phase:none] not drawn: 7.3% of the current run&#39;s samples, 10.7% of the baseline&#39;s,"
                + " taken outside any request phase (JIT compiler, GC, threads between requests); diff --none show draws"
                + " them"), diff);
        assertFalse(FlameHtml.titles(FlameHtml.read(dir.resolve("diff.html"))).contains("[phase:none]"));
    }

    @Test
    void failsLoudlyWhenTheConvertersPageChanged() {
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> FlamePage.withPhases("<html><canvas></canvas></html>", java.util.Set.of(), false, ""));
        assertTrue(e.getMessage().startsWith("the converter's flame graph page has changed"), e.getMessage());
    }
}
