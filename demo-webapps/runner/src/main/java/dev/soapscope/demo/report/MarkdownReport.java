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
        md.append(String.format(Locale.ROOT, "%s: %d requests per scenario at concurrency %d after %d warm-up requests; "
                        + "Java %s on %s, %d cores; %.0f s in all. soapscope %s.%n%n", run.started(), run.requests(),
                run.concurrency(), run.warmup(), run.javaVersion(), run.os(), run.cores(), run.wallSeconds(),
                run.version()));
        md.append("| ").append(String.join(" | ", ConsoleTable.HEADER)).append(" |\n");
        md.append("|---|").append("---:|".repeat(5)).append("---|---|\n");
        for (ScenarioResult s : report.scenarios()) {
            md.append("| ").append(String.join(" | ", ConsoleTable.row(report, s).stream().map(MarkdownReport::cell).toList()))
                    .append(" |\n");
        }
        md.append("\nClassic figures: Resin on Java 5, 2000 requests at 200 concurrent. Ratios are throughput over the "
                + "first scenario of the group.\n\n## What explains the difference\n\n");
        for (String line : report.explanation()) {
            md.append("- ").append(cell(line)).append('\n');
        }
        for (ScenarioResult s : report.scenarios()) {
            scenario(md, s);
        }
        md.append("\n---\nPhase times are self time per request as the agent measured it inside the server "
                + "(a request's phases add up to the request); latency and throughput are what the client saw.\n");
        return md.toString();
    }

    private static void scenario(StringBuilder md, ScenarioResult s) {
        md.append("\n## ").append(s.name()).append("\n\n").append(s.description()).append(" (`POST ").append(s.path())
                .append("`, SOAPAction `urn:soapscope:demo:").append(s.name()).append("`).\n\n");
        md.append(String.format(Locale.ROOT, "%d requests, %d errors, %.1f req/s, latency p50 %.1f ms, p99 %.1f ms; "
                        + "%.0f request bytes and %.0f response bytes per request on the wire; %d connections.%n",
                s.requests(), s.errors(), s.throughputRps(), s.p50Ms(), s.p99Ms(), s.requestBytesPerRequest(),
                s.responseBytesPerRequest(), s.connections()));
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
                md.append("\n| kind | call site | per request |\n|---|---|---:|\n");
                for (HotspotSite site : sites.subList(0, Math.min(8, sites.size()))) {
                    md.append("| ").append(site.kind()).append(" | `").append(cell(site.site())).append("` | ")
                            .append(Format.fixed(site.perRequest(), 2)).append(" |\n");
                }
            }
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
