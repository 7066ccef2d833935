package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

import dev.soapscope.demo.agent.PhaseFigures;
import dev.soapscope.recorder.Phase;

/**
 * report.html's stacked bars of a per-phase figure (self time or allocation per request): a bar per scenario, one
 * segment per phase in its {@link Phase#colour()}, the scenarios under their group. Each group has its own scale: the
 * groups measure different things, and on one scale a 1.7 ms fetch beside a 138 ms echo is an invisible sliver. A group
 * whose bars still span more than {@link #LOG_SPAN} times is drawn on a log scale (a bar's length the logarithm of its
 * total, its phases in proportion inside it) with its steps marked: powers of ten for time, of 32 for bytes (1 KB,
 * 32 KB, 1 MB: round in the 1024-based units the report writes). Plain HTML and CSS (flex rows, widths in
 * percent): it fits a narrow window and its text keeps the page's size.
 */
final class PhaseBars {

    /** A group whose largest total is more than this many times its smallest is drawn on a log scale. */
    static final double LOG_SPAN = 10;
    /** The marks of a log scale of time: 100 us, 1 ms, 10 ms. */
    static final double TIME_STEP = 10;
    /** The marks of a log scale of bytes: 1 KB, 32 KB, 1 MB. */
    static final double BYTES_STEP = 32;

    static final String CSS = """
            .bars{margin:.6em 0 .4em}.bars .group{margin:.9em 0 .2em;font-weight:600}.bars .group span{font-weight:normal;color:#666}
            .bars .row{display:flex;align-items:center;gap:.5em;margin:3px 0}.bars .label{flex:0 0 10em;text-align:right;overflow-wrap:anywhere}
            .bars .bar{flex:1 1 auto;min-width:0;display:flex;height:20px;background:#f6f6f6}.bars .bar span{height:100%}
            .bars .value{flex:0 0 6.5em;font-variant-numeric:tabular-nums}
            .bars .axis{flex:1 1 auto;min-width:0;position:relative;height:1.3em;border-top:1px solid #888;font-size:.85em;color:#555}
            .bars .axis span{position:absolute;top:0;transform:translateX(-50%);white-space:nowrap}
            .bars .axis span:first-child{transform:none}.bars .axis span:last-child{transform:translateX(-100%)}
            """;

    private PhaseBars() {
    }

    /** The phase's colour ({@link Phase#colour()}); a grey for a tag that is no phase. */
    static String colour(String tag) {
        Phase p = Phase.byTag(tag);
        return p == null ? "#999999" : p.colour();
    }

    /** The chart of {@code figure}, its values written by {@code label}, a log scale marked every {@code step}. */
    static String render(List<ScenarioResult> scenarios, List<String> phases, ToDoubleFunction<PhaseFigures> figure,
                         DoubleFunction<String> label, double step) {
        Map<String, List<ScenarioResult>> groups = new LinkedHashMap<>();
        for (ScenarioResult s : scenarios) {
            groups.computeIfAbsent(s.group(), g -> new ArrayList<>()).add(s);
        }
        StringBuilder h = new StringBuilder("<div class=\"bars\">\n");
        for (Map.Entry<String, List<ScenarioResult>> g : groups.entrySet()) {
            group(h, g.getKey(), g.getValue(), phases, figure, label, step);
        }
        h.append("</div>\n<div class=\"legend\">");
        for (String tag : phases) {
            h.append("<span><i style=\"background:").append(colour(tag)).append("\"></i>").append(HtmlReport.esc(tag))
                    .append("</span>");
        }
        return h.append("</div>\n").toString();
    }

    private static void group(StringBuilder h, String group, List<ScenarioResult> members, List<String> phases,
                              ToDoubleFunction<PhaseFigures> figure, DoubleFunction<String> label, double step) {
        Scale scale = Scale.of(members.stream().mapToDouble(s -> total(s, figure)).toArray(), step);
        h.append("<div class=\"group\">").append(HtmlReport.esc(group)).append(" <span>(")
                .append(HtmlReport.esc(scale.describe(label))).append(")</span></div>\n");
        for (ScenarioResult s : members) {
            double total = total(s, figure);
            h.append("<div class=\"row\"><a class=\"label\" href=\"#").append(HtmlReport.sectionId(s.name())).append("\">")
                    .append(HtmlReport.esc(s.shortName())).append("</a><div class=\"bar\">");
            double length = scale.length(total);
            for (String tag : phases) {
                PhaseFigures p = s.phases().get(tag);
                double v = p == null ? 0 : figure.applyAsDouble(p);
                if (v <= 0 || total <= 0) {
                    continue;
                }
                h.append(String.format(Locale.ROOT, "<span style=\"width:%.2f%%;background:%s\" title=\"%s\"></span>",
                        100 * length * v / total, colour(tag), HtmlReport.esc(s.name() + " / " + tag + ": " + label.apply(v))));
            }
            h.append("</div><span class=\"value\">")
                    .append(HtmlReport.esc(s.agent() == null ? "no agent figures" : label.apply(total))).append("</span></div>\n");
        }
        if (scale.log()) {
            h.append("<div class=\"row\"><span class=\"label\"></span><div class=\"axis\">");
            for (int k = scale.low(); k <= scale.high(); k++) {
                h.append(String.format(Locale.ROOT, "<span style=\"left:%.2f%%\">%s</span>",
                        100 * scale.length(scale.mark(k)), HtmlReport.esc(label.apply(scale.mark(k)))));
            }
            h.append("</div><span class=\"value\"></span></div>\n");
        }
    }

    static double total(ScenarioResult s, ToDoubleFunction<PhaseFigures> figure) {
        return s.phases().values().stream().mapToDouble(figure).filter(v -> v > 0).sum();
    }

    /**
     * A group's scale: linear from zero to its largest total, or, when its totals span more than {@link #LOG_SPAN}
     * times, logarithmic over the whole steps around them.
     *
     * @param max  the largest total (0: nothing to draw)
     * @param step a log scale's marks are its powers
     * @param low  the power of {@code step} a log scale starts at (its zero length)
     * @param high the power of {@code step} a log scale ends at (its full length)
     */
    record Scale(double max, boolean log, double step, int low, int high) {

        static Scale of(double[] totals, double step) {
            double max = 0;
            double min = Double.MAX_VALUE;
            for (double t : totals) {
                if (t > 0) {
                    max = Math.max(max, t);
                    min = Math.min(min, t);
                }
            }
            if (max <= 0 || max <= LOG_SPAN * min) {
                return new Scale(max, false, step, 0, 0);
            }
            // half a step below the smallest, so that it is no sliver itself
            int low = (int) Math.floor(Math.log(min) / Math.log(step) - 0.5);
            int high = (int) Math.ceil(Math.log(max) / Math.log(step) - 1e-9);
            return new Scale(max, true, step, low, high);
        }

        /** The value of the {@code k}th power of the step. */
        double mark(int k) {
            return Math.pow(step, k);
        }

        /** A bar's length for {@code total}, as a fraction of the full width. */
        double length(double total) {
            if (total <= 0 || max <= 0) {
                return 0;
            }
            if (!log) {
                return total / max;
            }
            double l = (Math.log(total) / Math.log(step) - low) / (high - low);
            return Math.max(0, Math.min(1, l));
        }

        String describe(DoubleFunction<String> label) {
            if (log) {
                return "log scale, " + label.apply(mark(low)) + " to " + label.apply(mark(high))
                        + ": its bars span over " + Format.fixed(LOG_SPAN, 0) + " times";
            }
            return max <= 0 ? "nothing measured" : "own scale: the longest bar is " + label.apply(max);
        }
    }
}
