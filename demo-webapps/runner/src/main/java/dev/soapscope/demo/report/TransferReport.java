package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.mtom.HeapLadder;
import dev.soapscope.demo.scenario.mtom.TupleChecker;

/**
 * The transfer scenarios' part of every report (the mtom groups): the table of whole-result time by fetch size per
 * mode beside the classic one, echo time by payload size, wire sizes and their ratio to base64, the server's heap
 * peak per mode, and each mode's phases and hot spots in brief. Shared by the console, Markdown and HTML writers.
 */
final class TransferReport {

    /** Phases below this share are left out of a breakdown line. */
    static final double MIN_SHARE = 0.005;
    /** Hot spots rarer than this per request or call are left out of a breakdown (they print as 0.00). */
    static final double MIN_RATE = 0.005;

    private TransferReport() {
    }

    static boolean any(Report report) {
        return report.scenarios().stream().anyMatch(s -> s.transfer() != null);
    }

    static List<ScenarioResult> fetches(Report report) {
        return report.scenarios().stream().filter(s -> s.transfer() != null && s.transfer().isFetch()).toList();
    }

    static List<ScenarioResult> echoes(Report report) {
        return report.scenarios().stream().filter(s -> s.transfer() != null && !s.transfer().isFetch()).toList();
    }

    /** What the run's settings were, for the header: load-driven and transfer scenarios each as far as present. */
    static String settings(Report report) {
        RunInfo run = report.run();
        List<String> parts = new ArrayList<>();
        if (report.scenarios().stream().anyMatch(s -> s.transfer() == null) || report.scenarios().isEmpty()) {
            parts.add(String.format(Locale.ROOT, "%d requests per scenario at concurrency %d after %d warm-up requests",
                    run.requests(), run.concurrency(), run.warmup()));
        }
        TransferSettings t = run.transfer();
        if (t != null && any(report)) {
            parts.add(transferSettings(t, !fetches(report).isEmpty(), !echoes(report).isEmpty()));
        }
        return String.join("; ", parts);
    }

    static String transferSettings(TransferSettings t, boolean fetch, boolean echo) {
        List<String> what = new ArrayList<>();
        if (fetch) {
            what.add(String.format(Locale.ROOT, "mtom: %,d tuples per query at fetch sizes %s", t.tuples(),
                    String.join(", ", t.fetchSizes().stream().map(String::valueOf).toList())));
        }
        if (echo) {
            what.add("mtom-echo: payloads of " + String.join(", ", t.echoSizes().stream().map(Format::size).toList()));
        }
        return String.join("; ", what) + String.format(Locale.ROOT, " (one request at a time, mean of %d run%s per size%s)",
                t.runs(), t.runs() == 1 ? "" : "s", t.warmup() ? " after a warm-up run" : ", no warm-up");
    }

    /** The note under the fetch table: what a run is, what the client does with each tuple, the classic figures. */
    static String fetchNote(Report report) {
        TransferSettings t = report.run().transfer();
        String runs = t == null ? "" : String.format(Locale.ROOT, " Mean of %d run%s per fetch size%s (the classic "
                + "averaged 5 after a warm-up).", t.runs(), t.runs() == 1 ? "" : "s",
                t.warmup() ? " after a warm-up run of every size" : ", without warm-up");
        String tuples = t == null ? "the whole result" : String.format(Locale.ROOT, "the whole result (%,d tuples)",
                t.tuples());
        return "Seconds for " + tuples + ": one query request, then one request per batch until a short or empty "
                + "batch; " + TupleChecker.WHAT_IT_DOES + "." + runs + " Classic: seconds for the whole 100,000-tuple "
                + "result, mean of 5 runs after a warm-up; Axis 1.4, Apache CXF JAX-WS (base64), MTOM and JAX-RS, "
                + "Axis2 1.5 (base64).";
    }

    /** Header, then a row per fetch size (measured or classic): the modes' seconds, then the classic ones. */
    static List<List<String>> fetchTable(Report report) {
        List<ScenarioResult> fetches = fetches(report);
        List<ScenarioResult> classic = fetches.stream().filter(s -> !s.transfer().classicSeconds().isEmpty()).toList();
        List<String> header = new ArrayList<>();
        header.add("fetch size");
        fetches.forEach(s -> header.add(s.shortName() + " s"));
        classic.forEach(s -> header.add("classic " + s.shortName()));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        TreeSet<Integer> sizes = new TreeSet<>();
        fetches.forEach(s -> sizes.addAll(s.transfer().sizes()));
        for (int size : sizes) {
            List<String> row = new ArrayList<>();
            row.add(String.valueOf(size));
            fetches.forEach(s -> row.add(cell(s.transfer(), size)));
            classic.forEach(s -> {
                Double c = s.transfer().classicSeconds().get(size);
                row.add(c == null ? "-" : Format.fixed(c, 1));
            });
            rows.add(row);
        }
        return rows;
    }

    /** Header, then a row per payload size: each mode's seconds per round trip. */
    static List<List<String>> echoTable(Report report) {
        List<ScenarioResult> echoes = echoes(report);
        List<String> header = new ArrayList<>();
        header.add("payload");
        echoes.forEach(s -> header.add(s.shortName() + " s"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        TreeSet<Integer> sizes = new TreeSet<>();
        echoes.forEach(s -> sizes.addAll(s.transfer().sizes()));
        for (int size : sizes) {
            List<String> row = new ArrayList<>();
            row.add(Format.size(size));
            echoes.forEach(s -> row.add(cell(s.transfer(), size)));
            rows.add(row);
        }
        return rows;
    }

    /** Seconds, or {@code failed} (run, none good), or {@code -} (not run). */
    static String cell(TransferFigures t, int size) {
        if (!t.runSeconds().containsKey(size)) {
            return "-";
        }
        double mean = t.mean(size);
        return Double.isNaN(mean) ? "failed" : Format.seconds(mean);
    }

    /** What {@code s}'s wire size is compared with: its group's {@code base64} scenario, else the group's first. */
    static ScenarioResult wireReference(Report report, ScenarioResult s) {
        return report.scenarios().stream().filter(o -> o.group().equals(s.group()) && o.transfer() != null
                && o.shortName().equals("base64")).findFirst().orElse(report.baselineOf(s));
    }

    /** Request plus response bytes per request of {@code s} over {@code reference}'s; NaN when unknown. */
    static double wireRatio(ScenarioResult reference, ScenarioResult s) {
        double ref = reference.requestBytesPerRequest() + reference.responseBytesPerRequest();
        double own = s.requestBytesPerRequest() + s.responseBytesPerRequest();
        return ref > 0 && own > 0 ? own / ref : Double.NaN;
    }

    /** Per transfer scenario that is not its own reference: its wire-size ratio, by name. */
    static Map<String, Double> wireRatios(Report report) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (ScenarioResult s : report.scenarios()) {
            ScenarioResult ref = s.transfer() == null ? null : wireReference(report, s);
            if (ref != null && ref != s) {
                ratios.put(s.name(), wireRatio(ref, s));
            }
        }
        return ratios;
    }

    /**
     * Per transfer group: the bytes per request each mode put on the wire, then the ratio to base64, e.g.
     * {@code mtom: wire-size ratio vs base64 (requests + responses): mtom 0.75x, jaxrs 0.74x}.
     */
    static List<String> wireLines(Report report) {
        List<String> lines = new ArrayList<>();
        for (String group : groups(report)) {
            List<ScenarioResult> members = report.scenarios().stream()
                    .filter(s -> s.transfer() != null && s.group().equals(group)).toList();
            List<String> bytes = new ArrayList<>();
            for (ScenarioResult s : members) {
                bytes.add(s.agent() == null ? s.shortName() + " (no agent figures)" : s.shortName() + " "
                        + Format.bytes(s.requestBytesPerRequest()) + " in, " + Format.bytes(s.responseBytesPerRequest())
                        + " out");
            }
            lines.add(group + ": wire bytes per request (HTTP bodies as the server read and wrote them): "
                    + String.join("; ", bytes));
            List<String> ratios = new ArrayList<>();
            ScenarioResult ref = null;
            for (ScenarioResult s : members) {
                ScenarioResult r = wireReference(report, s);
                if (r != s) {
                    ref = r;
                    double ratio = wireRatio(r, s);
                    ratios.add(s.shortName() + " " + (Double.isNaN(ratio) ? "-" : Format.fixed(ratio, 2) + "x"));
                }
            }
            if (ref != null) {
                lines.add(group + ": wire-size ratio vs " + ref.shortName() + " (requests + responses): "
                        + String.join(", ", ratios));
            }
        }
        return lines;
    }

    /** Per transfer scenario, the server's heap peak while it ran. */
    static List<String> heapLines(Report report) {
        List<String> lines = new ArrayList<>();
        for (ScenarioResult s : report.scenarios()) {
            if (s.transfer() == null) {
                continue;
            }
            TransferFigures.HeapFigures h = s.transfer().heap();
            lines.add(s.name() + ": " + (h == null ? "no heap figures" : "heap peak " + Format.bytes(h.peak())
                    + (h.peakAfterGc() >= 0 ? ", at most " + Format.bytes(h.peakAfterGc()) + " left after a GC" : "")
                    + " (" + Format.bytes(h.base()) + " in use after the full GC before it, " + h.collections()
                    + " GC" + (h.collections() == 1 ? "" : "s") + " while it ran)")
                    + (s.transfer().heapLadder() == null ? "" : "; server: " + ladder(s.transfer().heapLadder()))
                    + (s.transfer().clientHeapLadder() == null ? ""
                            : "; client: " + ladder(s.transfer().clientHeapLadder())));
        }
        if (report.scenarios().stream().anyMatch(s -> s.transfer() != null && s.transfer().heapLadder() != null)) {
            lines.add(String.format(Locale.ROOT, "heap ladder: the smallest -Xmx of %s MB with which the server, "
                    + "and then the client in its own JVM, completed fetch size %,d (%s)", HeapLadder.RUNGS_MB,
                    HeapLadder.FETCH_SIZE, HeapLadder.CLASSIC));
        }
        return lines;
    }

    /** {@code fetch 50,000 completes with -Xmx128m (64 MB: OutOfMemoryError ...)} */
    static String ladder(HeapLadder.Result ladder) {
        String outcome = ladder.completed() ? "completes with -Xmx" + ladder.smallestMb() + "m"
                : "fails with every -Xmx up to " + HeapLadder.RUNGS_MB.get(HeapLadder.RUNGS_MB.size() - 1) + "m";
        List<String> failed = new ArrayList<>();
        ladder.failures().forEach((mb, why) -> failed.add(mb + " MB: " + (why.length() > 120
                ? why.substring(0, 120) + "..." : why)));
        return String.format(Locale.ROOT, "fetch %,d %s", HeapLadder.FETCH_SIZE, outcome)
                + (failed.isEmpty() ? "" : " (" + String.join("; ", failed) + ")");
    }

    /** {@code mtom/base64: soap.parse 30% (1.2 ms), ...; hot spots per request: stream.single_byte_read 2.00, ...} */
    static String breakdown(ScenarioResult s) {
        if (s.agent() == null) {
            return s.name() + ": no agent figures";
        }
        return s.name() + ": " + breakdown(s.agent(), List.of(), "request");
    }

    /**
     * {@code soap.parse 30% (1.2 ms), ...; hot spots per call: stream.single_byte_read 2.00 (site), ...}: the phases
     * with a share of at least {@value #MIN_SHARE}, largest first, and the hot spots per {@code unit}, then the
     * {@code extra} sites, which count their kind's events in and outside the figures' requests alike.
     */
    static String breakdown(AgentFigures f, List<HotspotSite> extra, String unit) {
        List<String> phases = new ArrayList<>();
        f.phases().entrySet().stream().sorted((a, b) -> Double.compare(b.getValue().share(), a.getValue().share()))
                .filter(e -> e.getValue().share() >= MIN_SHARE)
                .forEach(e -> phases.add(e.getKey() + " " + Format.percent(e.getValue().share()) + " ("
                        + Format.micros(e.getValue().meanUs()) + ")"));
        StringBuilder line = new StringBuilder(String.join(", ", phases));
        List<String> hot = new ArrayList<>();
        f.hotspotsPerRequest().entrySet().stream().sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
                .filter(e -> extra.stream().noneMatch(x -> x.kind().equals(e.getKey()))) // extra has them all
                .filter(e -> e.getValue() >= MIN_RATE)
                .forEach(e -> {
                    String site = f.sites().stream().filter(x -> x.kind().equals(e.getKey()))
                            .map(HotspotSite::site).findFirst().orElse(null);
                    hot.add(e.getKey() + " " + Format.fixed(e.getValue(), 2) + (site == null ? "" : " (" + site + ")"));
                });
        extra.stream().filter(x -> x.perRequest() >= MIN_RATE)
                .forEach(x -> hot.add(x.kind() + " " + Format.fixed(x.perRequest(), 2) + " (" + x.site() + ")"));
        if (hot.isEmpty()) {
            return line.append("; no hot spots").toString();
        }
        return line.append("; hot spots per ").append(unit).append(": ").append(String.join(", ", hot)).toString();
    }

    /** The console's part: tables, wire, heap and breakdown lines. Empty without transfer scenarios. */
    static String console(Report report) {
        if (!any(report)) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        if (!fetches(report).isEmpty()) {
            out.append("\nwhole-result seconds by fetch size, beside the classic figures (Axis 1.4, CXF, Axis2; mean of 5 runs):\n");
            out.append(align(fetchTable(report)));
        }
        if (!echoes(report).isEmpty()) {
            out.append("\necho: seconds per round trip by payload size:\n").append(align(echoTable(report)));
        }
        out.append('\n');
        wireLines(report).forEach(l -> out.append("  ").append(l).append('\n'));
        heapLines(report).forEach(l -> out.append("  ").append(l).append('\n'));
        out.append("\nphases (share of request time, mean per request) and hot spots, per mode:\n");
        report.scenarios().stream().filter(s -> s.transfer() != null)
                .forEach(s -> out.append("  ").append(breakdown(s)).append('\n'));
        return out.toString();
    }

    /** A Markdown table, every column but the first right-aligned. */
    static String markdown(List<List<String>> rows) {
        StringBuilder md = new StringBuilder();
        md.append("| ").append(String.join(" | ", rows.get(0))).append(" |\n|");
        for (int c = 0; c < rows.get(0).size(); c++) {
            md.append("---:|");
        }
        md.append('\n');
        for (List<String> row : rows.subList(1, rows.size())) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return md.toString();
    }

    /** Right-aligned columns, two spaces apart. */
    static String align(List<List<String>> rows) {
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
                line.append(" ".repeat(widths[c] - row.get(c).length())).append(row.get(c));
                if (c < columns - 1) {
                    line.append("  ");
                }
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private static List<String> groups(Report report) {
        List<String> groups = new ArrayList<>();
        for (ScenarioResult s : report.scenarios()) {
            if (s.transfer() != null && !groups.contains(s.group())) {
                groups.add(s.group());
            }
        }
        return groups;
    }
}
