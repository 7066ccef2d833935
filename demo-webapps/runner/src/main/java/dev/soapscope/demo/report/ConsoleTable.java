package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.List;

import dev.soapscope.demo.agent.PhaseFigures;

/**
 * The table printed at the end of a run, one row per scenario, then the explanation lines; with transfer scenarios,
 * their tables, wire sizes, heap peaks and per-mode breakdowns ({@link TransferReport}).
 */
public final class ConsoleTable {

    static final List<String> HEADER = List.of("scenario", "requests", "errors", "req/s", "p50 ms", "p99 ms",
            "vs first (classic)", "top phases (share of request time)");

    private ConsoleTable() {
    }

    public static String render(Report report) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (ScenarioResult s : report.scenarios()) {
            rows.add(row(report, s));
        }
        StringBuilder out = new StringBuilder(align(rows));
        out.append('\n');
        for (String line : report.explanation()) {
            out.append("  ").append(line).append('\n');
        }
        out.append(TransferReport.console(report));
        if (ClientReport.any(report)) {
            out.append("\nthe client side, per call (each client in its own JVM under the agent):\n");
            ClientReport.lines(report).forEach(l -> out.append("  ").append(l).append('\n'));
        }
        return out.toString();
    }

    static List<String> row(Report report, ScenarioResult s) {
        return List.of(s.name(), String.valueOf(s.requests()), String.valueOf(s.errors()),
                Format.fixed(s.throughputRps(), 1), Format.fixed(s.p50Ms(), 1), Format.fixed(s.p99Ms(), 1),
                ratioCell(report, s), topPhases(s, 3));
    }

    /** {@code 3.10x (5.30x)}: measured throughput over the group's first scenario's, the classic ratio beside it. */
    static String ratioCell(Report report, ScenarioResult s) {
        ScenarioResult base = report.baselineOf(s);
        if (base == s) {
            return "baseline";
        }
        double r = Explanation.ratio(base, s);
        double c = Explanation.classicRatio(base, s);
        return (Double.isNaN(r) ? "-" : Format.times(r)) + " (" + (Double.isNaN(c) ? "-" : Format.times(c)) + ")";
    }

    static String topPhases(ScenarioResult s, int n) {
        if (s.agent() == null) {
            return "(no agent figures)";
        }
        List<String> parts = new ArrayList<>();
        for (var e : s.topPhases(n)) {
            PhaseFigures p = e.getValue();
            parts.add(e.getKey() + " " + Format.percent(p.share()));
        }
        return String.join(", ", parts);
    }

    private static String align(List<List<String>> rows) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = row.get(c);
                boolean number = c >= 1 && c <= 5;
                String pad = " ".repeat(widths[c] - cell.length());
                line.append(number ? pad + cell : cell + (c == columns - 1 ? "" : pad));
                if (c < columns - 1) {
                    line.append("  ");
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
