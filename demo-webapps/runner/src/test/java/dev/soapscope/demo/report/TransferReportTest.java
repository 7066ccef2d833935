package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The mtom groups in every report: tables, ratios, JSON keys, the chart. */
class TransferReportTest {

    private final Report report = Fixtures.mtom();

    @Test
    void fetchTableHasEverySizeMeasuredOrClassicWithTheClassicColumnsBeside() {
        List<List<String>> rows = TransferReport.fetchTable(report);
        assertEquals(List.of("fetch size", "base64 s", "mtom s", "jaxrs s", "classic base64", "classic mtom",
                "classic jaxrs"), rows.get(0));
        assertEquals(List.of("10", "-", "-", "-", "11.8", "13.0", "12.4"), rows.get(1));
        assertEquals(List.of("100", "3.10", "2.80", "1.00", "3.5", "3.2", "3.0"), rows.get(2));
        assertEquals(List.of("1000", "2.10", "1.70", "0.50", "2.3", "2.0", "1.7"), rows.get(3));
        assertEquals(List.of("5000", "-", "9.00", "-", "-", "-", "-"), rows.get(4));
        assertEquals(List.of("100000", "2.60", "failed", "0.50", "2.6", "2.0", "1.4"), rows.get(5));
        assertEquals(6, rows.size());
    }

    @Test
    void echoTableBySize() {
        assertEquals(List.of(List.of("payload", "mtom s", "base64 s"), List.of("32 KB", "0.010", "0.020"),
                List.of("12 MB", "0.60", "1.20")), TransferReport.echoTable(report));
    }

    @Test
    void wireRatiosAreAgainstBase64InEachGroup() {
        var ratios = TransferReport.wireRatios(report);
        assertEquals(List.of("mtom/mtom", "mtom/jaxrs", "mtom-echo/mtom"), List.copyOf(ratios.keySet()));
        assertEquals(120_500 / 160_300.0, ratios.get("mtom/mtom"), 1e-9);
        assertEquals(0.75, ratios.get("mtom-echo/mtom"), 1e-9);
        List<String> lines = TransferReport.wireLines(report);
        assertTrue(lines.contains("mtom: wire-size ratio vs base64 (requests + responses): mtom 0.75x, jaxrs 0.73x"),
                lines.toString());
        assertTrue(lines.contains("mtom-echo: wire-size ratio vs base64 (requests + responses): mtom 0.75x"),
                lines.toString());
    }

    @Test
    void consoleShowsTheTablesWireHeapAndEachModesBreakdown() {
        String text = ConsoleTable.render(report);
        assertTrue(text.contains("fetch size  base64 s  mtom s  jaxrs s  classic base64  classic mtom  classic jaxrs\n"
                + "        10         -       -        -            11.8          13.0           12.4\n"), text);
        assertTrue(text.contains("  mtom/base64: heap peak 476.8 MB, at most 57.2 MB left after a GC"), text);
        assertTrue(text.contains("  mtom/mtom: attachments 38% (300 us), transport.write 38% (300 us), soap.parse 25% "
                + "(200 us); hot spots per request: factory.create 2.00 "
                + "(javax.xml.parsers.DocumentBuilderFactory#newInstance)"), text);
        assertTrue(text.contains("  mtom/jaxrs: no agent figures"), text);
        assertTrue(text.contains("  mtom vs base64: "), text);
    }

    @Test
    void explanationComparesEachModeWithBase64PerSizeBesideTheClassic() {
        String jaxrs = report.explanation().get(2);
        assertTrue(jaxrs.startsWith("jaxrs vs base64: about as fast (1.00x); time vs base64: fetch 100 0.32x (classic "
                + "0.86x), fetch 1000 0.24x (classic 0.74x), fetch 100000 0.19x (classic 0.54x); 0.73x the bytes on "
                + "the wire; server heap peak 286.1 MB vs 476.8 MB; no agent figures for jaxrs"), jaxrs);
        String echo = report.explanation().get(4);
        assertTrue(echo.startsWith("base64 vs mtom: about as fast (1.00x); time vs mtom: 32 KB 2.0x, 12 MB 2.0x; 1.33x "
                + "the bytes on the wire; server heap peak 667.6 MB vs 286.1 MB;"), echo);
    }

    @Test
    void jsonHasTheContractKeysAndTheTransferOnes() throws Exception {
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(report));
        JsonNode scenarios = root.path("scenarios");
        assertEquals(5, scenarios.size());
        for (JsonNode s : scenarios) {
            for (String key : List.of("name", "requests", "errors", "throughput_rps", "latency_ms", "phases",
                    "alloc_bytes_per_request", "hotspots", "wire_bytes_per_request", "classic_rps", "heap_peak_bytes",
                    "endpoint", "wire_bytes_source")) {
                assertTrue(s.has(key), s.path("name") + " has no " + key);
            }
            assertTrue(s.has("fetch_seconds") != s.has("echo_seconds"), s.path("name").asText());
        }
        JsonNode base64 = scenarios.get(0);
        assertEquals(List.of("100", "1000", "100000"), names(base64.path("fetch_seconds")));
        assertEquals(3.1, base64.path("fetch_seconds").path("100").asDouble(), 1e-9);
        assertEquals(2, base64.path("fetch_seconds_runs").path("100").size());
        assertEquals(11.8, base64.path("classic_fetch_seconds").path("10").asDouble());
        assertEquals(500_000_000, base64.path("heap_peak_bytes").asLong());
        assertEquals(160_000.0, base64.path("wire_bytes_per_request").path("response").asDouble());
        assertTrue(scenarios.get(1).path("fetch_seconds").path("100000").isNull(), "every run failed: null");
        assertEquals("mtom/base64", scenarios.get(1).path("wire_reference").asText());
        assertEquals(List.of("32768", "12582912"), names(scenarios.get(3).path("echo_seconds")));
        JsonNode transfer = root.path("transfer");
        assertEquals(100_000, transfer.path("tuples").asInt());
        assertEquals(3, transfer.path("fetch_sizes").size());
        assertEquals(2, transfer.path("runs").asInt());
        assertTrue(transfer.path("tuple_handling").asText().contains("Tuples.generate"));
        assertEquals(0.75, transfer.path("wire_size_ratio").path("mtom-echo/mtom").asDouble(), 1e-4);
    }

    /** The ladder's result beside each fetch mode's heap peak, with the classic claim; and in report.json. */
    @Test
    void heapLadderIsReportedPerFetchModeBesideTheClassicClaim() throws Exception {
        List<ScenarioResult> results = new java.util.ArrayList<>(report.scenarios());
        results.set(0, results.get(0).withTransfer(results.get(0).transfer().withHeapLadders(
                new dev.soapscope.demo.scenario.mtom.HeapLadder.Result(128,
                        java.util.Map.of(64, "batch 0: OutOfMemoryError: Java heap space")),
                new dev.soapscope.demo.scenario.mtom.HeapLadder.Result(256, new java.util.TreeMap<>(
                        java.util.Map.of(64, "java.lang.OutOfMemoryError: Java heap space",
                                128, "java.lang.OutOfMemoryError: Java heap space"))))));
        results.set(1, results.get(1).withTransfer(results.get(1).transfer().withHeapLadders(
                new dev.soapscope.demo.scenario.mtom.HeapLadder.Result(64, java.util.Map.of()), null)));
        Report laddered = new Report(report.run(), results, report.flames());
        String text = ConsoleTable.render(laddered);
        assertTrue(text.contains("; server: fetch 50,000 completes with -Xmx128m (64 MB: batch 0: OutOfMemoryError: "
                + "Java heap space); client: fetch 50,000 completes with -Xmx256m (64 MB: java.lang.OutOfMemoryError: "
                + "Java heap space; 128 MB: java.lang.OutOfMemoryError: Java heap space)\n"), text);
        assertTrue(text.contains("  mtom/mtom: heap peak") && text.contains("; server: fetch 50,000 completes with -Xmx64m\n"),
                text);
        assertTrue(text.contains("heap ladder: the smallest -Xmx of [64, 128, 256, 512] MB with which the server, and "
                + "then the client in its own JVM, completed fetch size 50,000 (classic: Axis 1.4 and Axis2 1.5 ran out of memory at fetch 50,000 "
                + "with the default 128 MB heap, 512 MB worked; CXF was leaner)"), text);
        assertFalse(ConsoleTable.render(report).contains("heap ladder"), "not run: not reported");

        JsonNode root = new ObjectMapper().readTree(JsonReport.render(laddered));
        JsonNode base64 = root.path("scenarios").get(0).path("heap_ladder");
        assertEquals(128, base64.path("smallest_xmx_mb").asInt());
        assertEquals(50_000, base64.path("fetch_size").asInt());
        assertTrue(base64.path("failed").path("64").asText().contains("OutOfMemoryError"));
        assertEquals(128, root.path("transfer").path("heap_ladder").path("mtom/base64").asInt());
        assertEquals(64, root.path("transfer").path("heap_ladder").path("mtom/mtom").asInt());
        assertFalse(root.path("transfer").path("heap_ladder").has("mtom/jaxrs"));
        assertTrue(root.path("transfer").path("heap_ladder_classic").asText().contains("512 MB worked"));
        assertEquals(256, root.path("scenarios").get(0).path("client_heap_ladder").path("smallest_xmx_mb").asInt());
        assertEquals(256, root.path("transfer").path("client_heap_ladder").path("mtom/base64").asInt());
        assertFalse(root.path("transfer").path("client_heap_ladder").has("mtom/mtom"), "not tried: not reported");
    }

    @Test
    void markdownHasTheFetchTableTheRatioAndEachModesSection() {
        String md = MarkdownReport.render(report);
        assertTrue(md.contains("mtom: 100,000 tuples per query at fetch sizes 100, 1000, 100000; mtom-echo: payloads "
                + "of 32 KB, 12 MB (one request at a time, mean of 2 runs per size after a warm-up run)"), md);
        assertFalse(md.contains("requests per scenario at concurrency"), "no load-driven scenario: " + md);
        assertTrue(md.contains("## Binary transfer: time against fetch size\n\n| fetch size | base64 s | mtom s | jaxrs s "
                + "| classic base64 | classic mtom | classic jaxrs |\n|---:|---:|---:|---:|---:|---:|---:|\n"
                + "| 10 | - | - | - | 11.8 | 13.0 | 12.4 |\n"), md);
        assertTrue(md.contains("- mtom: wire-size ratio vs base64 (requests + responses): mtom 0.75x, jaxrs 0.73x\n"), md);
        assertTrue(md.contains("## mtom/mtom\n\na transfer scenario (`POST /mtom/mtom/mtom`"), md);
        assertTrue(md.contains("Whole result: fetch 100: 2.80 s (2.80, 2.80); fetch 1000: 1.70 s (1.60, 1.80); "
                + "fetch 100000: failed; fetch 5000: 9.00 s (9.00, 9.00).\n"), md);
        assertTrue(md.contains("| attachments | 300 us |"), md);
        assertTrue(md.contains("## Echo: time against payload size\n\n| payload | mtom s | base64 s |"), md);
    }

    @Test
    void htmlDrawsTimeAgainstFetchSizeOnALogAxisSelfContained() {
        String html = HtmlReport.render(report);
        assertFalse(html.contains("http://") || html.contains("https://"), "self-contained");
        assertFalse(html.contains("<script") || html.contains("src="));
        assertTrue(html.contains("<h2 id=\"transfer\">Binary transfer: time against fetch size</h2>"));
        assertTrue(html.contains("<h2 id=\"echo\">Echo: time against payload size</h2>"));
        // three modes and their three classic lines, two echo modes; one polyline each
        assertEquals(3 + 3 + 2, Fixtures.count(html, "<polyline "));
        assertEquals(3, Fixtures.count(html, "stroke-dasharray=\"6 4\"/>") - 3, "three dashed classic lines (plus legend)");
        for (String tick : List.of(">100<", ">1k<", ">10k<", ">100k<", ">32 KB<", ">12 MB<")) {
            assertTrue(html.contains(tick), tick);
        }
        assertTrue(html.contains("<title>jaxrs at 1000: 0.50 s</title>"), "a dot per point with its value");
        assertTrue(html.contains("<td class=\"n\">failed</td>"));
        // the decades: x positions grow by the same step per power of ten
        assertTrue(html.contains("log scale"));
    }

    @Test
    void logAxisTicksAreDecadesAndNiceCeilings() {
        var series = List.of(new HtmlReport.Series("a", "#000", false, java.util.Map.of(10, 1.0, 100000, 2.0)));
        assertEquals(List.of(10, 100, 1000, 10000, 100000), HtmlReport.decades(series));
        var narrow = List.of(new HtmlReport.Series("a", "#000", false, java.util.Map.of(100, 1.0, 1000, 2.0)));
        assertEquals(List.of(100, 1000), HtmlReport.decades(narrow));
        assertEquals(2.0, HtmlReport.niceCeiling(1.3));
        assertEquals(25.0, HtmlReport.niceCeiling(21));
        assertEquals(0.5, HtmlReport.niceCeiling(0.42), 1e-12);
        assertEquals("8", HtmlReport.axisLabel(8, 4));
        assertEquals("1.5", HtmlReport.axisLabel(1.5, 0.5));
        assertEquals("0.10", HtmlReport.axisLabel(0.1, 0.05));
        assertEquals("0.3", HtmlReport.axisLabel(0.3, 0.1));
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
