package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * A flame graph page as the converter draws it, made to open on the phases: the graph hangs from the top (the
 * converter's inverted view; its I key flips it), so the root and the {@code [phase:...]} frames under it are the
 * first rows on screen however deep the stacks go; each phase frame is drawn in its {@link Phase#colour()} and
 * {@link PhaseFrame#NONE} in {@link PhaseFrame#NONE_COLOUR}, where the converter would pick a random shade by frame
 * type; a line under the title names the phases with their colours, and a note (such as what was left out).
 *
 * <p>The converter's template is used as it is and added to at two places it has kept across versions: before the
 * canvas (the legend) and before the closing {@code search(...)} call that first draws the graph (the colours). A
 * converter whose page lacks them fails here, loudly, rather than drawing a page without its phases.
 */
final class FlamePage {
    /** Where the legend goes: the converter's canvas. */
    static final String CANVAS = "<canvas id='canvas'></canvas>";
    /** The converter's last line of script, which draws the graph the first time. */
    static final String FIRST_DRAW = "\nsearch(";
    /** The line the phase colours are set on, after the frames are read and before they are drawn. */
    static final String COLOURS_LINE = "/*soapscope: phase colours*/";

    private FlamePage() {
    }

    /**
     * Writes the page of {@code graph} (built by {@link CollapsedStacks#toGraph}, so hanging from the top) to
     * {@code file}; {@code phases} are those its root frames name, for the legend; {@code note} may be empty.
     */
    static void write(FlameGraph graph, Set<Phase> phases, boolean none, String note, Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        graph.dump(bytes);
        String page = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        Files.write(file, withPhases(page, phases, none, note).getBytes(StandardCharsets.UTF_8));
    }

    /** The converter's page with the phase legend and colours added. */
    static String withPhases(String page, Set<Phase> phases, boolean none, String note) {
        int canvas = page.indexOf(CANVAS);
        int draw = page.lastIndexOf(FIRST_DRAW);
        if (canvas < 0 || draw < canvas) {
            throw new IllegalStateException("the converter's flame graph page has changed: no " + CANVAS
                    + " or no search( call after it; the phase frames cannot be coloured");
        }
        return page.substring(0, canvas) + legend(phases, none, note) + page.substring(canvas, draw + 1)
                + colours() + "\n" + page.substring(draw + 1);
    }

    /**
     * The note of a page that leaves out {@link PhaseFrame#NONE}: how many samples that is, what they are, and
     * {@code howToShow} (such as {@code flame --none show}).
     */
    static String noneHidden(long none, long total, String howToShow) {
        return String.format(Locale.ROOT, "%s not drawn: %d of %d samples (%.1f%%), taken outside any request phase"
                + " (JIT compiler, GC, threads between requests); %s draws them", PhaseFrame.NONE, none, total,
                total == 0 ? 0.0 : 100.0 * none / total, howToShow);
    }

    /** One line: a swatch per phase drawn, then the note. */
    static String legend(Set<Phase> phases, boolean none, String note) {
        StringBuilder b = new StringBuilder("<div id='phases' style='clear: both; margin: 2px 0 6px 0; "
                + "text-align: center; line-height: 20px'>");
        for (Phase p : phases) {
            swatch(b, p.colour(), PhaseFrame.of(p));
        }
        if (none) {
            swatch(b, PhaseFrame.NONE_COLOUR, PhaseFrame.NONE);
        }
        if (!note.isEmpty()) {
            b.append("<span class='note'>").append(escape(note)).append("</span>");
        }
        return b.append("</div>\n").toString();
    }

    private static void swatch(StringBuilder b, String colour, String frame) {
        b.append("<span class='phase' style='background-color: ").append(colour)
                .append("; color: #000000; padding: 1px 5px; margin: 0 3px; border-radius: 3px; white-space: nowrap'>")
                .append(escape(frame)).append("</span> ");
    }

    /**
     * A script line that gives every phase frame its phase's colour; the frames are in {@code levels} by then (the
     * converter's variable), each with the {@code color} the converter chose and its {@code title}.
     */
    static String colours() {
        StringBuilder js = new StringBuilder(COLOURS_LINE).append("{const phaseColours = {");
        for (Phase p : Phase.values()) {
            js.append('\'').append(PhaseFrame.of(p)).append("': '").append(p.colour()).append("', ");
        }
        js.append('\'').append(PhaseFrame.NONE).append("': '").append(PhaseFrame.NONE_COLOUR).append("'};");
        js.append(" for (const level of levels) for (const frame of level) {const c = phaseColours[frame.title];"
                + " if (c) frame.color = c;}}");
        return js.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;");
    }
}
