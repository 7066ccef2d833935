package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Per operation (in baseline order) and phase (in {@link Phase} order, unknown tags after): the two runs'
 * mean self time per request, the difference with its 95% interval and the verdict, as Markdown and JSON.
 * Operations present in one run only are listed, not judged.
 */
final class CompareReport {
    private final VerdictRule rule;
    private final List<PhaseComparison> rows;
    private final List<Verdict> verdicts;
    private final List<String> onlyInBase;
    private final List<String> onlyInCurrent;

    private CompareReport(VerdictRule rule, List<PhaseComparison> rows, List<String> onlyInBase,
                          List<String> onlyInCurrent) {
        this.rule = rule;
        this.rows = rows;
        this.onlyInBase = onlyInBase;
        this.onlyInCurrent = onlyInCurrent;
        List<Verdict> v = new ArrayList<>(rows.size());
        for (PhaseComparison row : rows) {
            v.add(rule.judge(row));
        }
        this.verdicts = Collections.unmodifiableList(v);
    }

    static CompareReport of(PhasesDocument base, PhasesDocument current, VerdictRule rule) {
        List<PhaseComparison> rows = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        for (PhasesDocument.Operation b : base.operations()) {
            PhasesDocument.Operation c = current.operation(b.name);
            if (c == null) {
                onlyInBase.add(b.name);
                continue;
            }
            for (String tag : phaseTags(b, c)) {
                PhasesDocument.PhaseTime bt = b.phases.get(tag);
                PhasesDocument.PhaseTime ct = c.phases.get(tag);
                rows.add(new PhaseComparison(b.name, tag,
                        bt == null ? 0 : bt.meanUs, bt == null ? 0 : bt.sdUs, b.requests,
                        ct == null ? 0 : ct.meanUs, ct == null ? 0 : ct.sdUs, c.requests));
            }
        }
        List<String> onlyInCurrent = new ArrayList<>();
        for (PhasesDocument.Operation c : current.operations()) {
            if (base.operation(c.name) == null) {
                onlyInCurrent.add(c.name);
            }
        }
        return new CompareReport(rule, rows, onlyInBase, onlyInCurrent);
    }

    private static List<String> phaseTags(PhasesDocument.Operation b, PhasesDocument.Operation c) {
        List<String> tags = new ArrayList<>();
        for (Phase p : Phase.values()) {
            if (b.phases.containsKey(p.tag()) || c.phases.containsKey(p.tag())) {
                tags.add(p.tag());
            }
        }
        Set<String> unknown = new TreeSet<>();
        unknown.addAll(b.phases.keySet());
        unknown.addAll(c.phases.keySet());
        unknown.removeAll(tags);
        tags.addAll(unknown);
        return tags;
    }

    List<PhaseComparison> rows() {
        return rows;
    }

    Verdict verdict(int row) {
        return verdicts.get(row);
    }

    int count(Verdict v) {
        return Collections.frequency(verdicts, v);
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| operation | phase | baseline us | current us | diff us | 95% interval us | change | verdict |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---|\n");
        for (int i = 0; i < rows.size(); i++) {
            PhaseComparison r = rows.get(i);
            Verdict v = verdicts.get(i);
            sb.append("| ").append(cell(r.operation)).append(" | ").append(cell(r.phase))
                    .append(" | ").append(fixed(r.baseMeanUs)).append(" | ").append(fixed(r.currentMeanUs))
                    .append(" | ").append(signed(r.diffUs()))
                    .append(" | ").append(signed(r.lowUs())).append(" .. ").append(signed(r.highUs()))
                    .append(" | ").append(change(r))
                    .append(" | ").append(v == Verdict.UNCHANGED ? v.label() : "**" + v.label() + "**")
                    .append(" |\n");
        }
        sb.append('\n').append(count(Verdict.REGRESSED)).append(" regressed, ").append(count(Verdict.IMPROVED))
                .append(" improved, ").append(count(Verdict.UNCHANGED)).append(" unchanged (")
                .append(rule.describe()).append(")\n");
        if (!onlyInBase.isEmpty()) {
            sb.append("only in the baseline, not compared: ").append(String.join(", ", onlyInBase)).append('\n');
        }
        if (!onlyInCurrent.isEmpty()) {
            sb.append("only in the current run, not compared: ").append(String.join(", ", onlyInCurrent))
                    .append('\n');
        }
        return sb.toString();
    }

    String json(String basePath, String currentPath) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"baseline\": ").append(quote(basePath))
                .append(",\n  \"current\": ").append(quote(currentPath))
                .append(",\n  \"threshold_pct\": ").append(number(rule.thresholdPct))
                .append(",\n  \"floor_us\": ").append(number(rule.floorUs))
                .append(",\n  \"regressed\": ").append(count(Verdict.REGRESSED))
                .append(",\n  \"improved\": ").append(count(Verdict.IMPROVED))
                .append(",\n  \"unchanged\": ").append(count(Verdict.UNCHANGED))
                .append(",\n  \"phases\": [");
        for (int i = 0; i < rows.size(); i++) {
            PhaseComparison r = rows.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"operation\": ").append(quote(r.operation))
                    .append(", \"phase\": ").append(quote(r.phase))
                    .append(", \"baseline_mean_us\": ").append(number(r.baseMeanUs))
                    .append(", \"baseline_sd_us\": ").append(number(r.baseSdUs))
                    .append(", \"baseline_requests\": ").append(r.baseRequests)
                    .append(", \"current_mean_us\": ").append(number(r.currentMeanUs))
                    .append(", \"current_sd_us\": ").append(number(r.currentSdUs))
                    .append(", \"current_requests\": ").append(r.currentRequests)
                    .append(", \"diff_us\": ").append(number(r.diffUs()))
                    .append(", \"ci95_low_us\": ").append(number(r.lowUs()))
                    .append(", \"ci95_high_us\": ").append(number(r.highUs()))
                    .append(", \"verdict\": ").append(quote(verdicts.get(i).label())).append('}');
        }
        sb.append(rows.isEmpty() ? "],\n" : "\n  ],\n");
        sb.append("  \"only_in_baseline\": ").append(strings(onlyInBase))
                .append(",\n  \"only_in_current\": ").append(strings(onlyInCurrent)).append("\n}\n");
        return sb.toString();
    }

    private static String change(PhaseComparison r) {
        if (r.baseMeanUs == 0) {
            return r.currentMeanUs == 0 ? "0%" : "new";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * r.diffUs() / r.baseMeanUs);
    }

    private static String fixed(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }

    private static String signed(double us) {
        return String.format(Locale.ROOT, "%+.1f", us);
    }

    /** Markdown table cells cannot hold a bar. */
    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    private static String number(double d) {
        double rounded = Math.round(d * 1000) / 1000.0;
        return rounded == Math.rint(rounded) && Math.abs(rounded) < 1e15
                ? String.valueOf((long) rounded) : String.valueOf(rounded);
    }

    private static String strings(List<String> list) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < list.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(quote(list.get(i)));
        }
        return sb.append(']').toString();
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
