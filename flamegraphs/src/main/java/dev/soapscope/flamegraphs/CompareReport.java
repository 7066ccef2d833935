package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Per operation (in baseline order) and phase (in {@link Phase} order, unknown tags after), per {@link Signal}: the
 * two runs' mean per request, the difference with its 95% interval and the verdict, as Markdown and JSON. Wall
 * time and allocation are per operation, from {@code phases.json}; CPU time comes from the profiles, which do not
 * know operations, so it is per phase over all requests ({@value #ALL_OPERATIONS}). Operations present in one
 * run only, or with too few requests in either, are listed, not judged; so is a signal a run cannot give.
 */
final class CompareReport {
    static final String ALL_OPERATIONS = "(all operations)";

    private final VerdictRule rule;
    private final List<PhaseComparison> rows;
    private final List<Verdict> verdicts;
    private final List<String> onlyInBase;
    private final List<String> onlyInCurrent;
    private final List<String> tooFew;
    private final Map<Signal, String> notCompared;

    private CompareReport(VerdictRule rule, List<PhaseComparison> rows, List<String> onlyInBase,
                          List<String> onlyInCurrent, List<String> tooFew, Map<Signal, String> notCompared) {
        this.rule = rule;
        this.rows = rows;
        this.onlyInBase = onlyInBase;
        this.onlyInCurrent = onlyInCurrent;
        this.tooFew = tooFew;
        this.notCompared = notCompared;
        List<Verdict> v = new ArrayList<>(rows.size());
        for (PhaseComparison row : rows) {
            v.add(rule.judge(row));
        }
        this.verdicts = Collections.unmodifiableList(v);
    }

    static CompareReport of(PhasesDocument base, PhasesDocument current, PhaseCpu baseCpu, PhaseCpu currentCpu,
                            VerdictRule rule) {
        Map<Signal, String> notCompared = notCompared(base, current, baseCpu, currentCpu, rule);
        List<PhaseComparison> rows = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        List<String> tooFew = new ArrayList<>();
        for (PhasesDocument.Operation b : base.operations()) {
            PhasesDocument.Operation c = current.operation(b.name);
            if (c == null) {
                onlyInBase.add(b.name);
            } else if (!rule.enough(b.requests, c.requests)) {
                tooFew.add(b.name + " (" + b.requests + " and " + c.requests + ")");
            } else {
                addOperation(rows, b, c, !notCompared.containsKey(Signal.WALL), !notCompared.containsKey(Signal.ALLOC));
            }
        }
        if (!notCompared.containsKey(Signal.CPU)) {
            long nb = base.totalRequests();
            long nc = current.totalRequests();
            if (rule.enough(nb, nc)) {
                addCpu(rows, baseCpu, nb, currentCpu, nc);
            } else {
                tooFew.add(ALL_OPERATIONS + " (" + nb + " and " + nc + ")");
            }
        }
        List<String> onlyInCurrent = new ArrayList<>();
        for (PhasesDocument.Operation c : current.operations()) {
            if (base.operation(c.name) == null) {
                onlyInCurrent.add(c.name);
            }
        }
        return new CompareReport(rule, rows, onlyInBase, onlyInCurrent, tooFew, notCompared);
    }

    /** The signals left out, each with the reason: not asked for, or a run cannot give it. */
    private static Map<Signal, String> notCompared(PhasesDocument base, PhasesDocument current, PhaseCpu baseCpu,
                                                   PhaseCpu currentCpu, VerdictRule rule) {
        Map<Signal, String> notCompared = new EnumMap<>(Signal.class);
        for (Signal s : Signal.values()) {
            if (!rule.signals.contains(s)) {
                notCompared.put(s, "left out by --signals");
            }
        }
        String noAlloc = allocationMissing(base);
        noAlloc = noAlloc != null ? noAlloc : allocationMissing(current);
        if (noAlloc != null) {
            notCompared.putIfAbsent(Signal.ALLOC, noAlloc);
        }
        String noCpu = baseCpu.missing() != null ? baseCpu.missing() : currentCpu.missing();
        if (noCpu != null) {
            notCompared.putIfAbsent(Signal.CPU, noCpu);
        }
        return notCompared;
    }

    private static String allocationMissing(PhasesDocument doc) {
        if (!doc.allocationMeasured()) {
            return doc.file() + " has no allocation figures (allocation_measured is not true)";
        }
        return doc.hasAllocationSpread() ? null
                : doc.file() + " has no alloc_sd_bytes per phase (written by an older agent)";
    }

    private static void addOperation(List<PhaseComparison> rows, PhasesDocument.Operation b,
                                     PhasesDocument.Operation c, boolean wall, boolean alloc) {
        for (String tag : phaseTags(b.phases.keySet(), c.phases.keySet())) {
            PhasesDocument.PhaseTime bt = b.phases.get(tag);
            PhasesDocument.PhaseTime ct = c.phases.get(tag);
            if (wall) {
                rows.add(new PhaseComparison(b.name, tag, Signal.WALL,
                        bt == null ? 0 : bt.meanUs, bt == null ? 0 : bt.sdUs, b.requests,
                        ct == null ? 0 : ct.meanUs, ct == null ? 0 : ct.sdUs, c.requests));
            }
            if (alloc) {
                rows.add(new PhaseComparison(b.name, tag, Signal.ALLOC,
                        bt == null ? 0 : bt.allocBytes, bt == null ? 0 : bt.allocSdBytes, b.requests,
                        ct == null ? 0 : ct.allocBytes, ct == null ? 0 : ct.allocSdBytes, c.requests));
            }
        }
    }

    /**
     * Per phase, CPU time per request; the sd given is the one whose Welch term {@code sd²/n} is the Poisson
     * variance of the mean, {@code variance / n²}.
     */
    private static void addCpu(List<PhaseComparison> rows, PhaseCpu base, long nb, PhaseCpu current, long nc) {
        Set<Phase> phases = EnumSet.noneOf(Phase.class);
        for (Phase p : base.phases()) {
            phases.add(p);
        }
        for (Phase p : current.phases()) {
            phases.add(p);
        }
        for (Phase p : phases) {
            rows.add(new PhaseComparison(ALL_OPERATIONS, p.tag(), Signal.CPU,
                    base.micros(p) / nb, Math.sqrt(base.variance(p) / nb), nb,
                    current.micros(p) / nc, Math.sqrt(current.variance(p) / nc), nc));
        }
    }

    private static List<String> phaseTags(Set<String> b, Set<String> c) {
        List<String> tags = new ArrayList<>();
        for (Phase p : Phase.values()) {
            if (b.contains(p.tag()) || c.contains(p.tag())) {
                tags.add(p.tag());
            }
        }
        Set<String> unknown = new TreeSet<>();
        unknown.addAll(b);
        unknown.addAll(c);
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
        sb.append("| operation | phase | signal | baseline | current | diff | 95% interval | change | verdict |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---|\n");
        for (int i = 0; i < rows.size(); i++) {
            PhaseComparison r = rows.get(i);
            Verdict v = verdicts.get(i);
            sb.append("| ").append(cell(r.operation)).append(" | ").append(cell(r.phase))
                    .append(" | ").append(r.signal.label()).append(' ').append(r.signal.unit())
                    .append(" | ").append(fixed(r.baseMean)).append(" | ").append(fixed(r.currentMean))
                    .append(" | ").append(signed(r.diff()))
                    .append(" | ").append(signed(r.low())).append(" .. ").append(signed(r.high()))
                    .append(" | ").append(change(r))
                    .append(" | ").append(v == Verdict.UNCHANGED ? v.label() : "**" + v.label() + "**")
                    .append(" |\n");
        }
        sb.append('\n').append(count(Verdict.REGRESSED)).append(" regressed").append(bySignal(Verdict.REGRESSED))
                .append(", ").append(count(Verdict.IMPROVED)).append(" improved").append(bySignal(Verdict.IMPROVED))
                .append(", ").append(count(Verdict.UNCHANGED)).append(" unchanged (")
                .append(rule.describe()).append(")\n");
        for (Map.Entry<Signal, String> e : notCompared.entrySet()) {
            sb.append(e.getKey().label()).append(" not compared: ").append(e.getValue()).append('\n');
        }
        if (!tooFew.isEmpty()) {
            sb.append("too few requests for a verdict (fewer than ").append(rule.minRequests)
                    .append(" in a run; baseline and current): ").append(String.join(", ", tooFew)).append('\n');
        }
        if (!onlyInBase.isEmpty()) {
            sb.append("only in the baseline, not compared: ").append(String.join(", ", onlyInBase)).append('\n');
        }
        if (!onlyInCurrent.isEmpty()) {
            sb.append("only in the current run, not compared: ").append(String.join(", ", onlyInCurrent))
                    .append('\n');
        }
        return sb.toString();
    }

    /** {@code " (wall 1, cpu 2)"}: how many rows of each signal got the verdict; empty when none did. */
    private String bySignal(Verdict verdict) {
        StringBuilder sb = new StringBuilder();
        for (Signal s : Signal.values()) {
            int n = 0;
            for (int i = 0; i < rows.size(); i++) {
                if (verdicts.get(i) == verdict && rows.get(i).signal == s) {
                    n++;
                }
            }
            if (n > 0) {
                sb.append(sb.length() == 0 ? " (" : ", ").append(s.label()).append(' ').append(n);
            }
        }
        return sb.length() == 0 ? "" : sb.append(')').toString();
    }

    String json(String basePath, String currentPath) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"baseline\": ").append(quote(basePath))
                .append(",\n  \"current\": ").append(quote(currentPath))
                .append(",\n  \"threshold_pct\": ").append(number(rule.thresholdPct))
                .append(",\n  \"floor_us\": ").append(number(rule.floorUs))
                .append(",\n  \"floor_bytes\": ").append(number(rule.floorBytes))
                .append(",\n  \"min_requests\": ").append(rule.minRequests)
                .append(",\n  \"signals\": ").append(strings(labels(rule.signals)))
                .append(",\n  \"regressed\": ").append(count(Verdict.REGRESSED))
                .append(",\n  \"improved\": ").append(count(Verdict.IMPROVED))
                .append(",\n  \"unchanged\": ").append(count(Verdict.UNCHANGED))
                .append(",\n  \"phases\": [");
        for (int i = 0; i < rows.size(); i++) {
            PhaseComparison r = rows.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"operation\": ").append(quote(r.operation))
                    .append(", \"phase\": ").append(quote(r.phase))
                    .append(", \"signal\": ").append(quote(r.signal.label()))
                    .append(", \"unit\": ").append(quote(r.signal.unit()))
                    .append(", \"baseline_mean\": ").append(number(r.baseMean))
                    .append(", \"baseline_sd\": ").append(number(r.baseSd))
                    .append(", \"baseline_requests\": ").append(r.baseRequests)
                    .append(", \"current_mean\": ").append(number(r.currentMean))
                    .append(", \"current_sd\": ").append(number(r.currentSd))
                    .append(", \"current_requests\": ").append(r.currentRequests)
                    .append(", \"diff\": ").append(number(r.diff()))
                    .append(", \"ci95_low\": ").append(number(r.low()))
                    .append(", \"ci95_high\": ").append(number(r.high()))
                    .append(", \"verdict\": ").append(quote(verdicts.get(i).label())).append('}');
        }
        sb.append(rows.isEmpty() ? "],\n" : "\n  ],\n");
        sb.append("  \"not_compared\": {");
        int n = 0;
        for (Map.Entry<Signal, String> e : notCompared.entrySet()) {
            sb.append(n++ == 0 ? "" : ", ").append(quote(e.getKey().label())).append(": ").append(quote(e.getValue()));
        }
        sb.append("},\n  \"too_few_requests\": ").append(strings(tooFew))
                .append(",\n  \"only_in_baseline\": ").append(strings(onlyInBase))
                .append(",\n  \"only_in_current\": ").append(strings(onlyInCurrent)).append("\n}\n");
        return sb.toString();
    }

    private static List<String> labels(Set<Signal> signals) {
        List<String> labels = new ArrayList<>();
        for (Signal s : signals) {
            labels.add(s.label());
        }
        return labels;
    }

    private static String change(PhaseComparison r) {
        if (r.baseMean == 0) {
            return r.currentMean == 0 ? "0%" : "new";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * r.diff() / r.baseMean);
    }

    private static String fixed(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String signed(double value) {
        return String.format(Locale.ROOT, "%+.1f", value);
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
