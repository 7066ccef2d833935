package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, nothing fetched) with a table of contents, the
 * table, the explanation, stacked bars of per-phase time and allocation per request ({@link PhaseBars}), and each
 * scenario's phases and hot spots in a section of its own that its name links to wherever it appears. It reads in a
 * window 700 px wide: the bars and line charts shrink to fit, tables wider than the window scroll inside their own box.
 */
public final class HtmlReport {

    /** Colour-blind friendly (Tableau 10), given to the line charts' series in order; phases have their own. */
    private static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295"};

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;margin:2em auto;max-width:1100px;padding:0 1em}
            h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}
            .meta{color:#666}table{border-collapse:collapse;margin:.8em 0}th,td{padding:.3em .7em;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top}
            th{background:#f6f6f6;white-space:nowrap}td:first-child{white-space:nowrap}td.n{text-align:right;font-variant-numeric:tabular-nums}.err{color:#b00020;font-weight:600}
            code{font-size:.92em;background:#f3f3f3;padding:0 .25em;border-radius:3px}ul.explain li{margin:.3em 0}
            .legend span{display:inline-block;margin-right:1.1em;white-space:nowrap}.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.35em;vertical-align:-1px;border-radius:2px}
            svg text{font:12px system-ui,sans-serif;fill:#222}footer{margin-top:2.5em;color:#777;font-size:.9em}
            .pair{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
            a{color:#1a5fb4}.flames a{margin-right:.6em;white-space:nowrap}
            .scroll{overflow-x:auto;max-width:100%}.scroll table{margin:.4em 0}td code{overflow-wrap:anywhere}
            body{overflow-wrap:break-word}table.main th{white-space:normal}@media (max-width:760px){th,td{padding:.3em .35em}}
            svg.chart{max-width:100%;height:auto}
            nav.toc{background:#f8f8f8;border:1px solid #e5e5e5;border-radius:4px;padding:.4em 1em;margin:1em 0}
            nav.toc ol{margin:.3em 0;padding-left:1.4em}nav.toc ol ol{columns:15em;column-gap:1.5em}
            """ + PhaseBars.CSS;

    private HtmlReport() {
    }

    public static String render(Report report) {
        RunInfo run = report.run();
        List<String> phases = phaseOrder(report.scenarios());
        StringBuilder head = new StringBuilder(1024);
        head.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>soapscope demo report</title><style>").append(CSS).append("</style></head><body>\n");
        head.append("<h1>soapscope demo report</h1>\n<p class=\"meta\">")
                .append(esc(String.format(Locale.ROOT, "%s: %s; Java %s on %s, %d cores; %.0f s in all. soapscope %s.",
                        run.started(), TransferReport.settings(report), run.javaVersion(), run.os(), run.cores(),
                        run.wallSeconds(), run.version())))
                .append("</p>\n");
        Contents toc = new Contents();
        StringBuilder h = new StringBuilder(32 * 1024);
        toc.heading(h, "results", "Results");
        summary(h, report);
        transfer(h, report, toc);
        clients(h, report, toc);
        toc.heading(h, "explanation", "What explains the difference");
        h.append("<ul class=\"explain\">\n");
        for (String line : report.explanation()) {
            h.append("<li>").append(esc(line)).append("</li>\n");
        }
        h.append("</ul>\n");
        toc.heading(h, "time", "Where the time goes: self time per request, by phase");
        h.append(PhaseBars.render(report.scenarios(), phases, PhaseFigures::meanUs, Format::micros,
                PhaseBars.TIME_STEP));
        if (report.scenarios().stream().anyMatch(s -> s.allocBytesPerRequest() > 0)) {
            toc.heading(h, "allocation", "What is allocated: bytes per request, by phase");
            h.append(PhaseBars.render(report.scenarios(), phases, p -> p.allocBytes(), Format::bytes,
                    PhaseBars.BYTES_STEP));
        }
        flames(h, report, toc);
        for (ScenarioResult s : report.scenarios()) {
            toc.scenario(s.name());
            scenario(h, s, report.flames());
        }
        h.append("<footer>Phase times are self time per request as the agent measured it inside the server (a request's "
                + "phases add up to the request); latency and throughput are what the client saw.")
                .append(report.scenarios().stream().anyMatch(s -> s.transfer() == null)
                        ? " Classic figures: Resin on Java 5, 2000 requests at 200 concurrent." : "")
                .append("</footer>\n</body></html>\n");
        return head.append(toc.render()).append(h).toString();
    }

    /** The table of contents: the sections as they are written, then the scenarios, each linked to its section. */
    static final class Contents {
        private final List<String[]> sections = new ArrayList<>();
        private final List<String> scenarios = new ArrayList<>();

        /** Writes a section's heading with its anchor, and lists it. */
        void heading(StringBuilder h, String id, String title) {
            sections.add(new String[] {id, title});
            h.append("<h2 id=\"").append(id).append("\">").append(esc(title)).append("</h2>\n");
        }

        void scenario(String name) {
            scenarios.add(name);
        }

        String render() {
            StringBuilder t = new StringBuilder("<nav class=\"toc\"><strong>Contents</strong>\n<ol>\n");
            for (String[] s : sections) {
                t.append("<li><a href=\"#").append(s[0]).append("\">").append(esc(s[1])).append("</a></li>\n");
            }
            if (!scenarios.isEmpty()) {
                t.append("<li>Scenarios<ol>\n");
                for (String name : scenarios) {
                    t.append("<li>").append(scenarioLink(name, name)).append("</li>\n");
                }
                t.append("</ol></li>\n");
            }
            return t.append("</ol></nav>\n").toString();
        }
    }

    /** The anchor of a scenario's section: {@code scenario-payload-caching-saaj}. */
    static String sectionId(String scenario) {
        return "scenario-" + scenario.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /** A link to a scenario's section; the text may break after the group's slash in a narrow column. */
    static String scenarioLink(String scenario, String text) {
        return "<a href=\"#" + sectionId(scenario) + "\">" + esc(text).replace("/", "/<wbr>") + "</a>";
    }

    private static void summary(StringBuilder h, Report report) {
        h.append("<div class=\"scroll\"><table class=\"main\"><tr>");
        for (String column : ConsoleTable.HEADER) {
            h.append("<th>").append(esc(column)).append("</th>");
        }
        h.append("</tr>\n");
        for (ScenarioResult s : report.scenarios()) {
            List<String> row = ConsoleTable.row(report, s);
            h.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                boolean number = c >= 1 && c <= 5;
                boolean bad = c == 2 && s.errors() > 0;
                h.append("<td").append(number ? " class=\"n" + (bad ? " err" : "") + "\"" : "").append('>')
                        .append(c == 0 ? scenarioLink(s.name(), row.get(c)) : esc(row.get(c))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table></div>\n");
    }

    /**
     * The flame graphs: that the server was profiled (its cost is in every figure), a table linking each scenario's
     * pages, the differential graphs; or why there are none. Links are relative: the pages sit beside the report.
     */
    static void flames(StringBuilder h, Report report, Contents toc) {
        Flames f = report.flames();
        if (f == null) {
            return;
        }
        toc.heading(h, "flames", "Flame graphs: which code, by phase");
        h.append("<p class=\"meta\">").append(esc(FlameText.profiled(f))).append("</p>\n");
        if (f.missing() != null) {
            h.append("<p>").append(esc(FlameText.missing(f))).append("</p>\n");
            return;
        }
        h.append("<p>").append(esc(FlameText.HOW_TO_READ)).append("</p>\n");
        h.append("<div class=\"scroll\"><table class=\"flames\"><tr><th>scenario</th><th>samples</th><th>flame graphs:"
                + " all phases, then each phase</th></tr>\n");
        for (ScenarioResult s : report.scenarios()) {
            Flames.ScenarioFlames sf = f.of(s.name());
            if (sf == null) {
                continue;
            }
            h.append("<tr><td>").append(scenarioLink(s.name(), s.name())).append("</td><td class=\"n\">")
                    .append(sf.written() ? String.valueOf(sf.samples()) : "").append("</td><td>");
            pageLinks(h, sf);
            h.append("</td></tr>\n");
        }
        h.append("</table></div>\n");
        if (!f.diffs().isEmpty()) {
            h.append("<p>").append(esc(FlameText.HOW_TO_READ_DIFF)).append("</p>\n<ul class=\"explain flames\">\n");
            for (Flames.Diff d : f.diffs()) {
                h.append("<li>").append(link(d.file(), d.title())).append(' ').append(esc(FlameText.diffNote(d)))
                        .append("</li>\n");
            }
            h.append("</ul>\n");
        }
        if (!f.profileDirs().isEmpty()) {
            h.append("<p class=\"meta\">").append(esc(FlameText.wholeProfile(f))).append("</p>\n");
        }
    }

    /** {@code all phases}, then a link per phase; or why there are none. */
    private static void pageLinks(StringBuilder h, Flames.ScenarioFlames sf) {
        if (!sf.written()) {
            h.append("missing: ").append(esc(sf.missing()));
            return;
        }
        h.append(link(sf.flame(), "all phases"));
        sf.phases().forEach((tag, file) -> h.append(' ').append(link(file, tag)));
    }

    /** A relative link; the target is escaped like any text. */
    static String link(String href, String text) {
        return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
    }

    private static void scenario(StringBuilder h, ScenarioResult s, Flames flames) {
        h.append("<h2 id=\"").append(sectionId(s.name())).append("\">").append(esc(s.name())).append("</h2>\n<p>")
                .append(esc(s.description())).append(" (<code>")
                .append(esc(s.endpoint())).append("</code>). ")
                .append(esc(String.format(Locale.ROOT, "%d requests, %d errors, %.1f req/s, latency p50 %.1f ms, "
                                + "p99 %.1f ms; %.0f request bytes and %.0f response bytes per request; %d connections.",
                        s.requests(), s.errors(), s.throughputRps(), s.p50Ms(), s.p99Ms(), s.requestBytesPerRequest(),
                        s.responseBytesPerRequest(), s.connections())))
                .append("</p>\n");
        Flames.ScenarioFlames sf = flames == null || flames.missing() != null ? null : flames.of(s.name());
        if (sf != null) {
            h.append("<p class=\"flames\">Flame graphs: ");
            pageLinks(h, sf);
            h.append("</p>\n");
        }
        if (!s.errorReasons().isEmpty()) {
            h.append("<ul class=\"err\">");
            s.errorReasons().forEach((reason, count) -> h.append("<li>").append(count).append(" &times; ")
                    .append(esc(reason)).append("</li>"));
            h.append("</ul>\n");
        }
        if (s.agent() == null) {
            h.append("<p>The agent reported nothing for this scenario's operation.</p>\n");
            return;
        }
        h.append("<div class=\"scroll\"><table><tr><th>phase</th><th>mean</th><th>p50</th><th>p99</th><th>share</th>"
                + "<th>allocated per request</th></tr>\n");
        for (Map.Entry<String, PhaseFigures> e : s.phases().entrySet()) {
            PhaseFigures p = e.getValue();
            h.append("<tr><td><i style=\"display:inline-block;width:.8em;height:.8em;margin-right:.4em;background:")
                    .append(PhaseBars.colour(e.getKey())).append("\"></i>").append(esc(e.getKey()))
                    .append("</td><td class=\"n\">").append(esc(Format.micros(p.meanUs())))
                    .append("</td><td class=\"n\">").append(esc(Format.micros(p.p50Us())))
                    .append("</td><td class=\"n\">").append(esc(Format.micros(p.p99Us())))
                    .append("</td><td class=\"n\">").append(esc(Format.percent(p.share())))
                    .append("</td><td class=\"n\">").append(esc(Format.bytes(p.allocBytes()))).append("</td></tr>\n");
        }
        h.append("</table></div>\n");
        List<HotspotSite> sites = s.hotspotSites();
        if (!sites.isEmpty()) {
            h.append("<div class=\"scroll\"><table><tr><th>hot spot</th><th>call site</th><th>per request</th></tr>\n");
            for (HotspotSite site : sites.subList(0, Math.min(8, sites.size()))) {
                h.append("<tr><td>").append(esc(site.kind())).append("</td><td><code>").append(esc(site.site()))
                        .append("</code></td><td class=\"n\">").append(esc(Format.fixed(site.perRequest(), 2)))
                        .append("</td></tr>\n");
            }
            h.append("</table></div>\n");
        }
    }

    /** The client side of the scenarios whose client ran under the agent: one line each. */
    private static void clients(StringBuilder h, Report report, Contents toc) {
        if (!ClientReport.any(report)) {
            return;
        }
        toc.heading(h, "clients", "The client side, per call");
        h.append("<p class=\"meta\">").append(esc(ClientReport.ABOUT)).append("</p>\n<ul class=\"explain\">\n");
        for (ScenarioResult s : ClientReport.scenarios(report)) {
            Flames.ScenarioFlames f = ClientReport.flames(report, s);
            h.append("<li>").append(esc(ClientReport.text(s)))
                    .append(f == null ? "" : "; " + link(f.flame(), "its flame graph")).append("</li>\n");
        }
        h.append("</ul>\n");
    }

    /**
     * The transfer scenarios: time against fetch size per mode (a line chart, log x axis; the classic figures dashed
     * in the same colour) beside the table, the same for the echo, then wire sizes and heap peaks.
     */
    private static void transfer(StringBuilder h, Report report, Contents toc) {
        if (!TransferReport.any(report)) {
            return;
        }
        List<ScenarioResult> fetches = TransferReport.fetches(report);
        if (!fetches.isEmpty()) {
            toc.heading(h, "transfer", "Binary transfer: time against fetch size");
            h.append("<div class=\"pair\">\n");
            List<Series> series = new ArrayList<>();
            for (int i = 0; i < fetches.size(); i++) {
                TransferFigures t = fetches.get(i).transfer();
                series.add(new Series(fetches.get(i).shortName(), color(i), false, t.means()));
                if (!t.classicSeconds().isEmpty()) {
                    series.add(new Series("classic " + fetches.get(i).shortName(), color(i), true, t.classicSeconds()));
                }
            }
            h.append(lineChart(series, "fetch size (tuples per request, log scale)", "seconds for the whole result",
                    decades(series), v -> v >= 1000 ? (v / 1000) + "k" : String.valueOf(v)));
            table(h, TransferReport.fetchTable(report));
            h.append("</div>\n<p class=\"meta\">").append(esc(TransferReport.fetchNote(report))).append("</p>\n");
        }
        List<ScenarioResult> echoes = TransferReport.echoes(report);
        if (!echoes.isEmpty()) {
            toc.heading(h, "echo", "Echo: time against payload size");
            h.append("<div class=\"pair\">\n");
            List<Series> series = new ArrayList<>();
            List<Integer> ticks = new ArrayList<>();
            for (int i = 0; i < echoes.size(); i++) {
                TransferFigures t = echoes.get(i).transfer();
                series.add(new Series(echoes.get(i).shortName(), color(i), false, t.means()));
                t.sizes().stream().filter(x -> !ticks.contains(x)).forEach(ticks::add);
            }
            h.append(lineChart(series, "payload size (log scale)", "seconds per round trip", ticks, Format::size));
            table(h, TransferReport.echoTable(report));
            h.append("</div>\n");
        }
        toc.heading(h, "wire", "Wire size and server heap");
        h.append("<ul class=\"explain\">\n");
        TransferReport.wireLines(report).forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
        TransferReport.heapLines(report).forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
        h.append("</ul>\n<p class=\"meta\">Wire bytes of the transfer scenarios are the agent's: HTTP request and "
                + "response bodies as the server read and wrote them. The heap is the server's, reset by a full GC "
                + "before each mode.</p>\n");
    }

    private static void table(StringBuilder h, List<List<String>> rows) {
        h.append("<div class=\"scroll\"><table><tr>");
        rows.get(0).forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
        h.append("</tr>\n");
        for (List<String> row : rows.subList(1, rows.size())) {
            h.append("<tr>");
            row.forEach(c -> h.append("<td class=\"n\">").append(esc(c)).append("</td>"));
            h.append("</tr>\n");
        }
        h.append("</table></div>\n");
    }

    /** One line of a line chart: x to y; a NaN y is a gap. */
    record Series(String name, String color, boolean dashed, Map<Integer, Double> points) {
    }

    /** The powers of ten from the smallest x of the series to the largest (at least two). */
    static List<Integer> decades(List<Series> series) {
        int min = Integer.MAX_VALUE;
        int max = 1;
        for (Series s : series) {
            for (int x : s.points().keySet()) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        List<Integer> ticks = new ArrayList<>();
        long t = 1;
        while (t * 10 <= min) {
            t *= 10;
        }
        for (; t <= Math.max(max, 10); t *= 10) {
            ticks.add((int) t);
        }
        if (ticks.size() < 2) {
            ticks.add(ticks.get(0) * 10);
        }
        return ticks;
    }

    /**
     * An inline SVG line chart: x on a log scale spanning {@code ticks} and every point, y linear from 0; each series a
     * polyline with a dot per point (its value as a tooltip), dashed ones for classic figures; the legend at the right.
     */
    static String lineChart(List<Series> series, String xTitle, String yTitle, List<Integer> ticks,
                            java.util.function.IntFunction<String> tickLabel) {
        final int left = 62;
        final int plotW = 480;
        final int top = 12;
        final int plotH = 260;
        final int legendW = 170;
        final int width = left + plotW + 20 + legendW;
        final int height = top + plotH + 52;
        double minX = Double.MAX_VALUE;
        double maxX = 0;
        double maxY = 0;
        for (Series s : series) {
            for (Map.Entry<Integer, Double> p : s.points().entrySet()) {
                minX = Math.min(minX, p.getKey());
                maxX = Math.max(maxX, p.getKey());
                if (!Double.isNaN(p.getValue())) {
                    maxY = Math.max(maxY, p.getValue());
                }
            }
        }
        for (int t : ticks) {
            minX = Math.min(minX, t);
            maxX = Math.max(maxX, t);
        }
        if (minX == Double.MAX_VALUE) {
            minX = 1;
            maxX = 10;
        }
        double lo = Math.log10(Math.max(1, minX));
        double hi = Math.max(lo + 0.5, Math.log10(Math.max(1, maxX)));
        double yMax = niceCeiling(maxY <= 0 ? 1 : maxY * 1.05);
        java.util.function.DoubleUnaryOperator px = x -> left + (Math.log10(Math.max(1, x)) - lo) / (hi - lo) * plotW;
        java.util.function.DoubleUnaryOperator py = y -> top + plotH - y / yMax * plotH;

        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"chart\" role=\"img\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\">%n", width, height, width, height));
        // y grid and labels
        for (int i = 0; i <= 5; i++) {
            double y = yMax * i / 5;
            double yy = py.applyAsDouble(y);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                    left, yy, left + plotW, yy, i == 0 ? "#888" : "#e5e5e5"));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    left - 6, yy + 4, esc(axisLabel(y, yMax / 5))));
        }
        // x ticks
        for (int t : ticks) {
            double xx = px.applyAsDouble(t);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>%n",
                    xx, top, xx, top + plotH));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    xx, top + plotH + 16, esc(tickLabel.apply(t))));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                left + plotW / 2, top + plotH + 40, esc(xTitle)));
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>%n", top + plotH / 2, top + plotH / 2, esc(yTitle)));
        // the lines
        int legendY = top + 10;
        for (Series s : series) {
            StringBuilder points = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            s.points().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(p -> {
                if (Double.isNaN(p.getValue())) {
                    return;
                }
                double x = px.applyAsDouble(p.getKey());
                double y = py.applyAsDouble(p.getValue());
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\">"
                                + "<title>%s</title></circle>%n", x, y, s.dashed() ? "2.5" : "3.5",
                        s.dashed() ? "#fff\" stroke=\"" + s.color() : s.color(),
                        esc(s.name() + " at " + p.getKey() + ": " + Format.seconds(p.getValue()) + " s")));
            });
            if (points.length() > 0) {
                svg.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
                        + "stroke-width=\"2\"%s/>%n", points.toString().trim(), s.color(),
                        s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
                svg.append(dots);
            }
            int lx = left + plotW + 20;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"2\"%s/>%n", lx, legendY, lx + 26, legendY, s.color(),
                    s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", lx + 32, legendY + 4,
                    esc(s.name())));
            legendY += 20;
        }
        return svg.append("</svg>\n").toString();
    }

    /** A tick value with as many decimals as the step between ticks needs: 0, 4, 8; 0.0, 0.5, 1.0; 0.05. */
    static String axisLabel(double value, double step) {
        int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}. */
    static double niceCeiling(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** Every phase any scenario reported, in the agent's order. */
    static List<String> phaseOrder(List<ScenarioResult> scenarios) {
        Set<String> order = new LinkedHashSet<>();
        for (ScenarioResult s : scenarios) {
            order.addAll(s.phases().keySet());
        }
        return new ArrayList<>(order);
    }

    private static String color(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** HTML-escaped; "://" written with entities so the page holds no link-like reference at all. */
    static String esc(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '/' -> out.append(i > 0 && text.charAt(i - 1) == ':' || i > 1 && text.startsWith("://", i - 2)
                        ? "&#47;" : "/");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
