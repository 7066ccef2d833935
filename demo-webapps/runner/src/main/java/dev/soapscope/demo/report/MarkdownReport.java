package dev.soapscope.demo.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;

/** {@code report.md}: the table, the explanation, and per scenario its phases, hot spots and errors. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        RunInfo run = report.run();
        StringBuilder md = new StringBuilder();
        md.append("# soapscope demo report\n\n");
        md.append(String.format(Locale.ROOT, "%s: %s; Java %s on %s, %d cores; %.0f s in all. soapscope %s.%n%n",
                run.started(), TransferReport.settings(report), run.javaVersion(), run.os(), run.cores(),
                run.wallSeconds(), run.version()));
        md.append("| ").append(String.join(" | ", ConsoleTable.HEADER)).append(" |\n");
        md.append("|---|").append("---:|".repeat(5)).append("---|---|\n");
        for (ScenarioResult s : report.scenarios()) {
            md.append("| ").append(String.join(" | ", ConsoleTable.row(report, s).stream().map(MarkdownReport::cell).toList()))
                    .append(" |\n");
        }
        md.append(report.scenarios().stream().anyMatch(s -> s.transfer() == null)
                ? "\nClassic figures: Resin on Java 5, 2000 requests at 200 concurrent. Ratios are throughput over the "
                        + "first scenario of the group.\n"
                : "\nRatios are throughput over the first scenario of the group (the same requests in the same order); "
                        + "the classic figures of the transfer scenarios are times, in the tables below.\n");
        transfer(md, report);
        clients(md, report);
        md.append("\n## What explains the difference\n\n");
        for (String line : report.explanation()) {
            md.append("- ").append(cell(line)).append('\n');
        }
        flames(md, report);
        for (ScenarioResult s : report.scenarios()) {
            scenario(md, s);
        }
        md.append("\n---\nPhase times are self time per request as the agent measured it inside the server "
                + "(a request's phases add up to the request); latency and throughput are what the client saw.\n");
        return md.toString();
    }

    /** The flame graphs: that the server was profiled, each scenario's pages and the diffs; or why there are none. */
    static void flames(StringBuilder md, Report report) {
        Flames f = report.flames();
        if (f == null) {
            return;
        }
        md.append("\n## Flame graphs\n\n").append(FlameText.profiled(f)).append('\n');
        if (f.missing() != null) {
            md.append('\n').append(cell(FlameText.missing(f))).append('\n');
            return;
        }
        md.append('\n').append(FlameText.HOW_TO_READ).append("\n\n| scenario | samples | flame graphs |\n|---|---:|---|\n");
        for (ScenarioResult s : report.scenarios()) {
            Flames.ScenarioFlames sf = f.of(s.name());
            if (sf == null) {
                continue;
            }
            md.append("| ").append(s.name()).append(" | ").append(sf.written() ? String.valueOf(sf.samples()) : "")
                    .append(" | ");
            if (sf.written()) {
                md.append(link("all phases", sf.flame()));
                sf.phases().forEach((tag, file) -> md.append(", ").append(link(tag, file)));
            } else {
                md.append("missing: ").append(cell(sf.missing()));
            }
            md.append(" |\n");
        }
        if (!f.diffs().isEmpty()) {
            md.append('\n').append(FlameText.HOW_TO_READ_DIFF).append("\n\n");
            for (Flames.Diff d : f.diffs()) {
                md.append("- ").append(link(d.title(), d.file())).append(' ').append(FlameText.diffNote(d)).append('\n');
            }
        }
        if (!f.profileDirs().isEmpty()) {
            md.append('\n').append(FlameText.wholeProfile(f)).append('\n');
        }
    }

    private static String link(String text, String href) {
        return "[" + text.replace("[", "\\[").replace("]", "\\]") + "](" + href.replace(" ", "%20") + ")";
    }

    /** The transfer scenarios' tables and lines, when there are any. */
    private static void transfer(StringBuilder md, Report report) {
        if (!TransferReport.any(report)) {
            return;
        }
        if (!TransferReport.fetches(report).isEmpty()) {
            md.append("\n## Binary transfer: time against fetch size\n\n")
                    .append(TransferReport.markdown(TransferReport.fetchTable(report)))
                    .append('\n').append(TransferReport.fetchNote(report)).append('\n');
        }
        if (!TransferReport.echoes(report).isEmpty()) {
            md.append("\n## Echo: time against payload size\n\n")
                    .append(TransferReport.markdown(TransferReport.echoTable(report)))
                    .append("\nSeconds per round trip: random bytes and a short text sent and checked on their way "
                            + "back.\n");
        }
        md.append("\n## Wire size and server heap\n\n");
        TransferReport.wireLines(report).forEach(l -> md.append("- ").append(cell(l)).append('\n'));
        TransferReport.heapLines(report).forEach(l -> md.append("- ").append(cell(l)).append('\n'));
        md.append("\nWire bytes of the transfer scenarios are the agent's: HTTP request and response bodies as the "
                + "server read and wrote them (MIME parts and boundaries included, HTTP headers not). The heap is the "
                + "server's, reset by a full GC before each mode.\n");
    }

    private static void clients(StringBuilder md, Report report) {
        if (!ClientReport.any(report)) {
            return;
        }
        md.append("\n## The client side, per call\n\n").append(ClientReport.ABOUT).append("\n\n");
        ClientReport.lines(report).forEach(l -> md.append("- ").append(cell(l)).append('\n'));
    }

    private static void scenario(StringBuilder md, ScenarioResult s) {
        md.append("\n## ").append(s.name()).append("\n\n").append(s.description()).append(" (`").append(s.endpoint())
                .append("`, SOAPAction `urn:soapscope:demo:").append(s.name()).append("`).\n\n");
        md.append(String.format(Locale.ROOT, "%d requests, %d errors, %.1f req/s, latency p50 %.1f ms, p99 %.1f ms; "
                        + "%.0f request bytes and %.0f response bytes per request on the wire; %d connections.%n",
                s.requests(), s.errors(), s.throughputRps(), s.p50Ms(), s.p99Ms(), s.requestBytesPerRequest(),
                s.responseBytesPerRequest(), s.connections()));
        if (s.transfer() != null) {
            transferLines(md, s.transfer());
        }
        if (!s.errorReasons().isEmpty()) {
            md.append("\nErrors:\n\n");
            s.errorReasons().forEach((reason, count) -> md.append("- ").append(count).append(" x ").append(cell(reason))
                    .append('\n'));
        }
        if (s.warmupErrors() > 0) {
            md.append("\nWarm-up: ").append(s.warmupErrors()).append(" errors.\n");
        }
        if (s.agent() == null) {
            md.append("\nThe agent reported nothing for this scenario's operation.\n");
            return;
        }
        md.append(String.format(Locale.ROOT, "%nIn the server: %d requests, mean %s, p50 %s, p99 %s; %s allocated per request.%n%n",
                s.agent().requests(), Format.micros(s.agent().durationMeanUs()), Format.micros(s.agent().durationP50Us()),
                Format.micros(s.agent().durationP99Us()), Format.bytes(s.allocBytesPerRequest())));
        md.append("| phase | mean | p50 | p99 | share | allocated per request |\n|---|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, PhaseFigures> e : s.phases().entrySet()) {
            PhaseFigures p = e.getValue();
            md.append("| ").append(e.getKey()).append(" | ").append(Format.micros(p.meanUs())).append(" | ")
                    .append(Format.micros(p.p50Us())).append(" | ").append(Format.micros(p.p99Us())).append(" | ")
                    .append(Format.percent(p.share())).append(" | ").append(Format.bytes(p.allocBytes())).append(" |\n");
        }
        if (!s.hotspotsPerRequest().isEmpty()) {
            md.append("\nHot spots per request: ");
            md.append(String.join(", ", s.hotspotsPerRequest().entrySet().stream()
                    .map(e -> "`" + e.getKey() + "` " + Format.fixed(e.getValue(), 2)).toList())).append("\n");
            List<HotspotSite> sites = s.hotspotSites();
            if (!sites.isEmpty()) {
                md.append("\n| kind | call site | caller | per request |\n|---|---|---|---:|\n");
                for (HotspotSite site : sites.subList(0, Math.min(8, sites.size()))) {
                    md.append("| ").append(site.kind()).append(" | `").append(cell(site.site())).append("` | ")
                            .append(site.caller() == null ? "" : "`" + cell(site.caller()) + "`").append(" | ")
                            .append(site.oneOff() ? "once (class initializer)" : Format.fixed(site.perRequest(), 2))
                            .append(" |\n");
                }
            }
        }
    }

    private static void transferLines(StringBuilder md, TransferFigures t) {
        List<String> sizes = new java.util.ArrayList<>();
        for (Map.Entry<Integer, List<Double>> e : t.runSeconds().entrySet()) {
            String label = t.isFetch() ? "fetch " + e.getKey() : Format.size(e.getKey());
            List<Double> runs = e.getValue();
            sizes.add(label + ": " + (runs.isEmpty() ? "failed" : Format.seconds(t.mean(e.getKey())) + " s"
                    + (runs.size() > 1 ? " (" + String.join(", ", runs.stream().map(Format::seconds).toList()) + ")"
                    : "")));
        }
        md.append('\n').append(t.isFetch() ? "Whole result" : "Round trip").append(": ").append(String.join("; ", sizes))
                .append(".\n");
        if (t.heap() != null) {
            md.append(String.format(Locale.ROOT, "%nServer heap: peak %s%s; %s in use after the full GC before it; %d GCs.%n",
                    Format.bytes(t.heap().peak()), t.heap().peakAfterGc() >= 0 ? ", at most "
                            + Format.bytes(t.heap().peakAfterGc()) + " left after a GC" : "",
                    Format.bytes(t.heap().base()), t.heap().collections()));
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
