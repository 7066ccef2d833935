package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapscope.testkit.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html laid out by Debian's headless Chromium in a window 700 px wide: the page itself never scrolls sideways
 * (wide tables scroll in their own box), and every scenario's bar is long enough to see. A copy of the page gets a
 * line of script that writes what it measured into the DOM, which Chromium prints.
 */
class NarrowWindowTest {

    private static final String MEASURE = "<script>const bars = [...document.querySelectorAll('.bars .bar')]"
            + ".filter(b => b.children.length > 0).map(b => [...b.children].reduce((w, s) => w + s.getBoundingClientRect()"
            + ".width, 0)); document.body.setAttribute('data-measured', 'page ' + document.documentElement.scrollWidth"
            + " + ' window ' + window.innerWidth + ' shortest bar ' + Math.round(Math.min(...bars)) + ' bars '"
            + " + bars.length + ' main table ' + document.querySelector('table.main').scrollWidth + ' in '"
            + " + document.querySelector('table.main').parentElement.clientWidth);</script>";
    private static final Pattern MEASURED = Pattern.compile("data-measured=\"page (\\d+) window (\\d+) shortest bar"
            + " (\\d+) bars (\\d+) main table (\\d+) in (\\d+)\"");

    @TempDir
    Path dir;

    @Test
    void fitsA700PixelWindowWithEveryBarVisible() throws Exception {
        // a line without a space for 100 characters, as the explanation's call sites are
        var s = Fixtures.result("g/a", 10, 10, 1, Fixtures.agent("urn:a", 10, "soap.parse", 100, 1000));
        var longWords = new ScenarioResult(s.name(), s.path(), s.description(), s.requests(), 1, Map.of("SOAP fault at "
                + "org.apache.cxf.attachment.AttachmentDeserializerUtil.readTillFirstBoundary(AttachmentDeserializerUtil"
                + ".java:64)", 1), 10, 1, 1, 1, 1, 1, 1, 1, 10, 0, s.agent());
        for (Report report : List.of(Fixtures.mtom(), Fixtures.payloadCachingWithFlames(), Fixtures.report(longWords))) {
            String html = HtmlReport.render(report).replace("</body>", MEASURE + "</body>");
            Path page = dir.resolve("report.html");
            Files.writeString(page, html);
            Matcher m = MEASURED.matcher(dumpDom(page, 700, 1000));
            assertTrue(m.find(), "Chromium measured the page");
            int pageWidth = Integer.parseInt(m.group(1));
            int window = Integer.parseInt(m.group(2));
            assertTrue(window == 700, "window " + window);
            assertTrue(pageWidth <= window, "the page is " + pageWidth + " px wide in a " + window + " px window");
            assertTrue(Integer.parseInt(m.group(4)) >= 2, "bars measured: " + m.group(4));
            assertTrue(Integer.parseInt(m.group(5)) <= Integer.parseInt(m.group(6)), "the main table, " + m.group(5)
                    + " px wide, fits its " + m.group(6) + " px box without scrolling");
            // a tenth of a bar row at least (a group spanning more is on a log scale): some 37 px here
            assertTrue(Integer.parseInt(m.group(3)) >= 30, "the shortest bar is " + m.group(3) + " px");
        }
    }

    /** The DOM after the page's scripts ran, laid out in a window of {@code width} x {@code height}. */
    private String dumpDom(Path page, int width, int height) throws Exception {
        Path log = dir.resolve("chromium.log");
        Process p = new ProcessBuilder(HeadlessChromium.command(dir.resolve("profile"), width, height, "--dump-dom",
                page.toUri().toString())).redirectError(log.toFile()).start();
        byte[] dom = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError("chromium failed: " + Files.readString(log));
        }
        return new String(dom, java.nio.charset.StandardCharsets.UTF_8);
    }
}
