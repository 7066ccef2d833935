package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * report.html as a reader meets it: a table of contents whose links all land, scenario names that lead to their
 * sections, bars that stay visible when the groups differ by orders of magnitude, nothing wider than a 700 px window
 * outside a box of its own.
 */
class HtmlLayoutTest {

    private static final Pattern HREF = Pattern.compile("href=\"#([^\"]+)\"");
    private static final Pattern ID = Pattern.compile(" id=\"([^\"]+)\"");
    private static final Pattern ROW = Pattern.compile("<div class=\"row\"><a class=\"label\" href=\"#([^\"]+)\">[^<]*</a>"
            + "<div class=\"bar\">(.*?)</div>");
    private static final Pattern WIDTH = Pattern.compile("width:([0-9.]+)%");

    @Test
    void everyInternalLinkLandsOnASection() {
        for (Report report : List.of(Fixtures.payloadCachingWithFlames(), Fixtures.mtom())) {
            String html = HtmlReport.render(report);
            List<String> ids = all(ID, html);
            assertEquals(ids.size(), ids.stream().distinct().count(), "anchors are unique: " + ids);
            List<String> hrefs = all(HREF, html);
            assertFalse(hrefs.isEmpty());
            for (String href : hrefs) {
                assertTrue(ids.contains(href), "#" + href + " has no anchor; anchors: " + ids);
            }
        }
    }

    @Test
    void theContentsListEverySectionAndScenario() {
        String html = HtmlReport.render(Fixtures.mtom());
        String toc = html.substring(html.indexOf("<nav class=\"toc\">"), html.indexOf("</nav>"));
        assertTrue(html.indexOf("<nav class=\"toc\">") < html.indexOf("<h2"), "before the first section");
        for (String section : List.of("results", "transfer", "echo", "wire", "explanation", "time", "allocation")) {
            assertTrue(toc.contains("<a href=\"#" + section + "\">"), section + " in " + toc);
        }
        for (ScenarioResult s : Fixtures.mtom().scenarios()) {
            assertTrue(toc.contains("<a href=\"#" + HtmlReport.sectionId(s.name()) + "\">"), s.name() + " in " + toc);
        }
        int h2 = Fixtures.count(html, "<h2 id=\"");
        assertEquals(h2, Fixtures.count(html, "<h2"), "every section has an anchor");
        assertEquals(h2, Fixtures.count(toc, "<li><a href=\"#"), "and is in the contents");
    }

    @Test
    void scenarioNamesLinkToTheirSections() {
        String html = HtmlReport.render(Fixtures.payloadCachingWithFlames());
        assertEquals("scenario-payload-caching-axiom-streaming", HtmlReport.sectionId("payload-caching/axiom-streaming"));
        assertTrue(html.contains("<h2 id=\"scenario-payload-caching-axiom-streaming\">payload-caching/axiom-streaming</h2>"));
        String link = "<a href=\"#scenario-payload-caching-axiom-streaming\">payload-caching/<wbr>axiom-streaming</a>";
        assertTrue(html.contains("<tr><td>" + link + "</td><td class=\"n\">2000</td>"), "the main table");
        assertTrue(html.contains("<tr><td>" + link + "</td><td class=\"n\">321</td>"), "the flame graph table");
        assertTrue(html.contains("<a class=\"label\" href=\"#scenario-payload-caching-axiom-streaming\">axiom-streaming</a>"),
                "the bars");
    }

    @Test
    void eachGroupHasItsOwnScaleSoSmallGroupsAreNoSliver() {
        // mtom/mtom: 800 us of phases; mtom-echo/base64: 80 ms; on one scale mtom/mtom was 1% of the width
        Map<String, Double> bars = barLengths(timeChart(HtmlReport.render(Fixtures.mtom())));
        assertEquals(100, bars.get(HtmlReport.sectionId("mtom/base64")), 0.1, "the longest of its group");
        assertEquals(100.0 * 800 / 1400, bars.get(HtmlReport.sectionId("mtom/mtom")), 0.1);
        assertEquals(100, bars.get(HtmlReport.sectionId("mtom-echo/base64")), 0.1);
        assertEquals(100.0 * 50_000 / 80_000, bars.get(HtmlReport.sectionId("mtom-echo/mtom")), 0.1);
        String html = HtmlReport.render(Fixtures.mtom());
        assertTrue(html.contains("<div class=\"group\">mtom <span>(own scale: the longest bar is 1.40 ms)</span></div>"), html);
        assertTrue(html.contains("<div class=\"group\">mtom-echo <span>(own scale: the longest bar is 80.0 ms)</span></div>"));
    }

    @Test
    void aGroupSpanningOrdersOfMagnitudeIsDrawnOnALogScale() {
        // 1.7 ms beside 138 ms in one group: linear, the first is 1.2% of the width
        Report report = Fixtures.report(
                Fixtures.result("g/fast", 500, Double.NaN, 0, Fixtures.agent("urn:fast", 2000, "soap.parse", 1200, 1000,
                        "invoke", 500, 1000)),
                Fixtures.result("g/slow", 10, Double.NaN, 0, Fixtures.agent("urn:slow", 2000, "soap.parse", 38_000, 1000,
                        "attachments", 100_000, 1000)));
        String chart = timeChart(HtmlReport.render(report));
        assertTrue(chart.contains("<div class=\"group\">g <span>(log scale, 100 us to 1.00 s: its bars span over 10 times)"
                + "</span></div>"), chart);
        Map<String, Double> bars = barLengths(chart);
        double fast = bars.get(HtmlReport.sectionId("g/fast"));
        double slow = bars.get(HtmlReport.sectionId("g/slow"));
        assertEquals(100 * (Math.log10(1700) - 2) / 4, fast, 0.1);
        assertEquals(100 * (Math.log10(138_000) - 2) / 4, slow, 0.1);
        assertTrue(fast > 25, "visible: " + fast + "%");
        // the decades are marked under the group's bars, each where its value would end a bar
        for (String tick : List.of("<span style=\"left:0.00%\">100 us</span>", "<span style=\"left:25.00%\">1.00 ms</span>",
                "<span style=\"left:75.00%\">100.0 ms</span>", "<span style=\"left:100.00%\">1.00 s</span>")) {
            assertTrue(chart.contains(tick), tick + " in " + chart);
        }
        // phases keep their proportions inside a bar: soap.parse 1200 of fast's 1700 us
        Matcher m = ROW.matcher(chart);
        assertTrue(m.find());
        List<Double> segments = all(WIDTH, m.group(2)).stream().map(Double::parseDouble).toList();
        assertEquals(1200.0 / 500, segments.get(0) / segments.get(1), 0.01);
    }

    @Test
    void aLogScaleOfBytesIsMarkedInRoundUnits() {
        // 30 KB beside 1.5 MB allocated per request: marks every 32 times, 1 KB to 32 MB
        Report report = Fixtures.report(
                Fixtures.result("g/small", 500, Double.NaN, 0, Fixtures.agent("urn:small", 2000, "soap.parse", 100,
                        30 * 1024)),
                Fixtures.result("g/large", 10, Double.NaN, 0, Fixtures.agent("urn:large", 2000, "soap.parse", 100,
                        1536 * 1024)));
        String html = HtmlReport.render(report);
        String chart = html.substring(html.indexOf("<h2 id=\"allocation\">"));
        assertTrue(chart.contains("<div class=\"group\">g <span>(log scale, 1 KB to 32.0 MB: its bars span over 10 times)"
                + "</span></div>"), chart);
        for (String tick : List.of(">1 KB<", ">32 KB<", ">1.0 MB<", ">32.0 MB<")) {
            assertTrue(chart.contains(tick), tick + " in " + chart);
        }
        Map<String, Double> bars = barLengths(chart);
        assertEquals(100 * (Math.log(30 * 1024) / Math.log(32) - 2) / 3, bars.get(HtmlReport.sectionId("g/small")), 0.1);
    }

    @Test
    void phasesHaveTheirDeclaredColours() {
        String html = HtmlReport.render(Fixtures.payloadCaching());
        assertTrue(html.contains("<span><i style=\"background:" + dev.soapscope.recorder.Phase.SOAP_PARSE.colour()
                + "\"></i>soap.parse</span>"), "the legend");
        assertTrue(html.contains("background:" + dev.soapscope.recorder.Phase.UNMARSHAL.colour() + "\"></i>unmarshal</td>"),
                "a scenario's phase table");
    }

    @Test
    void nothingIsWiderThanANarrowWindowOutsideABoxOfItsOwn() {
        String html = HtmlReport.render(Fixtures.mtom()) + HtmlReport.render(Fixtures.payloadCachingWithFlames());
        assertEquals(Fixtures.count(html, "<table"), Fixtures.count(html, "<div class=\"scroll\"><table"),
                "every table scrolls in its box");
        assertTrue(html.contains(".scroll{overflow-x:auto;max-width:100%}"));
        assertEquals(Fixtures.count(html, "<svg "), Fixtures.count(html, "<svg class=\"chart\" "),
                "every chart shrinks to fit");
        assertTrue(html.contains("svg.chart{max-width:100%;height:auto}"));
        // no fixed width anywhere else (the page's max-width is no width): the bars are percentages of their row
        Matcher px = Pattern.compile("(?<!max-)width:\\s*(\\d+)px").matcher(html);
        while (px.find()) {
            assertTrue(Integer.parseInt(px.group(1)) <= 300, px.group());
        }
    }

    /** The time chart: from its heading to the next. */
    private static String timeChart(String html) {
        int from = html.indexOf("<h2 id=\"time\">");
        return html.substring(from, html.indexOf("<h2", from + 1));
    }

    /** Scenario anchor to the sum of its bar's segment widths (percent of the bar's row). */
    private static Map<String, Double> barLengths(String chart) {
        Map<String, Double> bars = new LinkedHashMap<>();
        Matcher m = ROW.matcher(chart);
        while (m.find()) {
            bars.put(m.group(1), all(WIDTH, m.group(2)).stream().mapToDouble(Double::parseDouble).sum());
        }
        return bars;
    }

    private static List<String> all(Pattern p, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
