package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class ReportWritersTest {

    private final Report report = Fixtures.payloadCaching();

    @Test
    void jsonKeepsTheContractForCi() throws Exception {
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(report));
        assertEquals(2000, root.path("settings").path("requests").asInt());
        assertEquals(0, root.path("errors").asInt());
        assertEquals(3, root.path("explanation").size());
        JsonNode scenarios = root.path("scenarios");
        assertEquals(3, scenarios.size());
        for (JsonNode s : scenarios) {
            for (String key : List.of("name", "requests", "errors", "throughput_rps", "latency_ms", "phases",
                    "alloc_bytes_per_request", "hotspots", "wire_bytes_per_request", "classic_rps")) {
                assertTrue(s.has(key), s.path("name") + " has no " + key);
            }
            assertTrue(s.path("latency_ms").has("p50") && s.path("latency_ms").has("p99"));
            assertTrue(s.path("wire_bytes_per_request").has("request") && s.path("wire_bytes_per_request").has("response"));
            double shares = 0;
            for (Map.Entry<String, JsonNode> phase : s.path("phases").properties()) {
                assertTrue(phase.getValue().has("mean_us") && phase.getValue().has("share"), phase.getKey());
                shares += phase.getValue().path("share").asDouble();
            }
            assertEquals(1.0, shares, 0.01);
        }
        JsonNode saaj = scenarios.get(0);
        assertEquals("payload-caching/saaj", saaj.path("name").asText());
        assertEquals(2000, saaj.path("requests").asInt());
        assertEquals(400.0, saaj.path("throughput_rps").asDouble());
        assertEquals(12.5, saaj.path("latency_ms").path("p50").asDouble());
        assertEquals(40.25, saaj.path("latency_ms").path("p99").asDouble());
        assertEquals(34.35, saaj.path("classic_rps").asDouble());
        assertEquals(900.0, saaj.path("phases").path("soap.parse").path("mean_us").asDouble());
        assertEquals(0.45, saaj.path("phases").path("soap.parse").path("share").asDouble(), 1e-9);
        assertEquals(2_770_000, saaj.path("alloc_bytes_per_request").asLong());
        assertEquals(2.0, saaj.path("hotspots").path("factory.create").asDouble());
        assertEquals(69_632.0, saaj.path("wire_bytes_per_request").path("request").asDouble());
        assertEquals(380.0, saaj.path("wire_bytes_per_request").path("response").asDouble());
        assertEquals(1.0, saaj.path("ratio_vs_baseline").asDouble());
        assertEquals(3.1, scenarios.get(2).path("ratio_vs_baseline").asDouble(), 1e-9);
        assertEquals("payload-caching/saaj", scenarios.get(2).path("baseline").asText());
    }

    @Test
    void htmlIsSelfContained() {
        String html = HtmlReport.render(report);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(html.contains("http://"), "no http:// reference");
        assertFalse(html.contains("https://"), "no https:// reference");
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("<link"), "no stylesheet link");
        assertFalse(html.contains("src="), "nothing to fetch");
        assertTrue(html.contains("<style>") && html.contains("<div class=\"bars\">"));
        // one stacked bar per scenario per chart, one segment per phase with time
        assertEquals(2 * 3, Fixtures.count(html, "<div class=\"bar\">"));
        assertEquals(2 * 3 * 7, Fixtures.count(html, "<span style=\"width:"));
        for (String line : report.explanation()) {
            assertTrue(html.contains(HtmlReport.esc(line)), line);
        }
    }

    @Test
    void htmlEscapesAndDefusesUrlsInErrorReasons() {
        var s = Fixtures.result("g/a", 10, 10, 1, null);
        var withUrl = new ScenarioResult(s.name(), s.path(), "<b>described</b>", s.requests(), 1,
                Map.of("SOAP fault: see http://example.org/why & https://x", 1), 10, 1, 1, 1, 1, 1, 1, 1, 10, 0, null);
        String html = HtmlReport.render(Fixtures.report(withUrl));
        assertFalse(html.contains("http://") || html.contains("https://"));
        assertTrue(html.contains("see http:&#47;&#47;example.org/why &amp; https:&#47;&#47;x"));
        assertTrue(html.contains("&lt;b&gt;described&lt;/b&gt;"));
    }

    @Test
    void markdownHasTheTableTheExplanationAndEachScenario() {
        String md = MarkdownReport.render(report);
        assertTrue(md.startsWith("# soapscope demo report\n"));
        assertTrue(md.contains("| scenario | requests | errors | req/s | p50 ms | p99 ms | vs first (classic) |"), md);
        assertTrue(md.contains("| payload-caching/axiom-streaming | 2000 | 0 | 1240.0 | 12.5 | 40.3 | 3.1x (5.3x) | "
                + "unmarshal 41%, transport.read 21%, other 14% |"), md);
        for (String line : report.explanation()) {
            assertTrue(md.contains("- " + line + "\n"), line);
        }
        assertEquals(3, Fixtures.count(md, "\n## payload-caching/"));
        assertTrue(md.contains("| soap.parse | 900 us | 810 us | 2.70 ms | 45% | 1.9 MB |"), md);
    }

    @Test
    void consoleTableIsAligned() {
        String text = ConsoleTable.render(report);
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(0).startsWith("scenario                         requests  errors   req/s  p50 ms  p99 ms"),
                lines.get(0));
        assertTrue(lines.get(1).startsWith("payload-caching/saaj                 2000       0   400.0    12.5    40.3  baseline"),
                lines.get(1));
        assertTrue(lines.get(2).contains("0.90x (0.90x)"), lines.get(2));
        assertTrue(lines.get(3).matches(".* 3\\.1x \\(5\\.3x\\) +unmarshal 41%, transport.read 21%, other 14%"), lines.get(3));
        assertTrue(text.contains("  axiom-streaming vs saaj: 3.1x faster (classic 5.3x faster)"));
    }

    @Test
    void htmlLinksEachScenariosFlameGraphsAndTheDiffs() {
        String html = HtmlReport.render(Fixtures.payloadCachingWithFlames());
        assertTrue(html.contains("<h2 id=\"flames\">Flame graphs: which code, by phase</h2>"), html);
        assertTrue(html.contains("The server ran under async-profiler 4.6, cpu samples every 10 ms the whole time, so "
                + "every figure in this report includes the profiler&#39;s cost"), html);
        String caching = "<a href=\"flamegraphs/payload-caching-axiom-caching/flame.html\">all phases</a> "
                + "<a href=\"flamegraphs/payload-caching-axiom-caching/flame-soap.parse.html\">soap.parse</a> "
                + "<a href=\"flamegraphs/payload-caching-axiom-caching/flame-unmarshal.html\">unmarshal</a>";
        assertEquals(2, Fixtures.count(html, caching), "in the flame graph table and in the scenario's section");
        assertTrue(html.contains("<tr><td><a href=\"#scenario-payload-caching-axiom-caching\">payload-caching/<wbr>"
                + "axiom-caching</a></td><td class=\"n\">1234</td><td>" + caching + "</td></tr>"), html);
        assertTrue(html.contains("<tr><td><a href=\"#scenario-payload-caching-saaj\">payload-caching/<wbr>saaj</a></td>"
                + "<td class=\"n\"></td><td>missing: no samples were taken while it ran</td></tr>"), html);
        assertTrue(html.contains("<li><a href=\"flamegraphs/diff-payload-caching-axiom-caching-vs-axiom-streaming.html\">"
                + "payload-caching: axiom-caching against axiom-streaming</a> (red and yellow: what axiom-caching spends "
                + "more per request than axiom-streaming, blue: less; samples per 100,000 requests)</li>"), html);
        assertTrue(html.contains("is in profile/: java -jar soapscope-agent.jar flame profile --out DIR"), html);
        // relative links only: still nothing fetched, nothing absolute
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("src=")
                || html.contains("href=\"/"));
    }

    @Test
    void markdownAndJsonListTheFlameGraphs() throws Exception {
        Report report = Fixtures.payloadCachingWithFlames();
        String md = MarkdownReport.render(report);
        assertTrue(md.contains("\n## Flame graphs\n\nThe server ran under async-profiler 4.6"), md);
        assertTrue(md.contains("| payload-caching/axiom-caching | 1234 | [all phases](flamegraphs/payload-caching-axiom-"
                + "caching/flame.html), [soap.parse](flamegraphs/payload-caching-axiom-caching/flame-soap.parse.html), "
                + "[unmarshal](flamegraphs/payload-caching-axiom-caching/flame-unmarshal.html) |"), md);
        assertTrue(md.contains("| payload-caching/saaj |  | missing: no samples were taken while it ran |"), md);
        assertTrue(md.contains("- [payload-caching: axiom-caching against axiom-streaming](flamegraphs/diff-payload-"
                + "caching-axiom-caching-vs-axiom-streaming.html) (red and yellow"), md);
        assertTrue(md.indexOf("## Flame graphs") < md.indexOf("## payload-caching/saaj"), "before the scenarios");

        JsonNode root = new ObjectMapper().readTree(JsonReport.render(report));
        JsonNode caching = root.path("scenarios").get(1).path("flamegraphs");
        assertEquals("flamegraphs/payload-caching-axiom-caching/flame.html", caching.path("flame").asText());
        assertEquals("flamegraphs/payload-caching-axiom-caching/flame-unmarshal.html",
                caching.path("phases").path("unmarshal").asText());
        assertEquals(List.of("soap.parse", "unmarshal"), list(caching.path("phases").fieldNames()));
        assertEquals(1234, caching.path("samples").asLong());
        assertEquals("no samples were taken while it ran",
                root.path("scenarios").get(0).path("flamegraphs").path("missing").asText());
        JsonNode diff = root.path("diffs").get(0);
        assertEquals("payload-caching/axiom-caching", diff.path("current").asText());
        assertEquals("payload-caching/axiom-streaming", diff.path("baseline").asText());
        assertEquals("flamegraphs/diff-payload-caching-axiom-caching-vs-axiom-streaming.html", diff.path("file").asText());
        assertEquals("async-profiler 4.6, cpu samples every 10 ms", root.path("profile").path("profiler").asText());
        assertTrue(root.path("profile").path("flamegraphs_missing").isNull());
    }

    @Test
    void missingFlameGraphsAreExplained() throws Exception {
        Report base = Fixtures.payloadCaching();
        Report fallback = new Report(base.run(), base.scenarios(), Flames.none("JDK Flight Recorder, cpu samples every "
                + "10 ms", "the agent profiled with JDK Flight Recorder, whose samples carry no request phase", "profile"));
        String html = HtmlReport.render(fallback);
        assertTrue(html.contains("<p>No flame graphs: the agent profiled with JDK Flight Recorder, whose samples carry no "
                + "request phase</p>"), html);
        assertTrue(html.contains("The server ran under JDK Flight Recorder"), "its cost is still in the figures");
        assertFalse(html.contains("<a href=\"flamegraphs"), "no flame graph links");
        String md = MarkdownReport.render(fallback);
        assertTrue(md.contains("No flame graphs: the agent profiled with JDK Flight Recorder"), md);
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(fallback));
        assertEquals("the agent profiled with JDK Flight Recorder, whose samples carry no request phase",
                root.path("profile").path("flamegraphs_missing").asText());
        assertEquals(0, root.path("diffs").size());
        assertTrue(root.path("scenarios").get(0).path("flamegraphs").path("missing").asText().startsWith("the agent"));

        Report off = new Report(base.run(), base.scenarios(), Flames.none(null, "not profiled (--no-flamegraphs)", null));
        String offMd = MarkdownReport.render(off);
        assertTrue(offMd.contains("The server was not profiled: no profiler cost in any figure.\n\nNo flame graphs: "
                + "not profiled (--no-flamegraphs)\n"), offMd);
        // a report made without considering flame graphs says nothing of them
        assertFalse(MarkdownReport.render(base).contains("Flame graphs"));
        assertFalse(new ObjectMapper().readTree(JsonReport.render(base)).has("diffs"));
    }

    private static <T> List<T> list(java.util.Iterator<T> it) {
        List<T> list = new java.util.ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
