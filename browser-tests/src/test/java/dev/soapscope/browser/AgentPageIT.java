package dev.soapscope.browser;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.DownstreamCallingServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent's page in headless Chromium, against a forked Tomcat whose SAAJ echo creates a factory per request (a
 * hot spot) under a steady load of two operations: it loads with no console error, shows operations, phases and hot
 * spots, its phase table says what {@code /phases} says, and a profile started from it ends in a flame graph.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentPageIT {
    static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "../agent/target/soapscope-agent.jar"));
    static final Path SCREENSHOTS = Path.of(System.getProperty("soapscope.test.screenshots", "target/screenshots"));
    static final String[] OPERATIONS = {"urn:page:orders", "urn:page:quotes"};

    private ForkedServer server;
    private AgentEndpoint endpoint;
    private Chromium browser;
    private final AtomicBoolean loading = new AtomicBoolean(true);
    private Thread load;

    @BeforeAll
    void serverUnderLoadAndABrowser() throws Exception {
        browser = Chromium.start(1400, 2600);
        server = ForkedServer.tomcat().javaagent(AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(DownstreamCallingServlet.class, "/front").start();
        endpoint = AgentEndpoint.of(server);
        for (int i = 0; i < 20; i++) {
            post(OPERATIONS[i % 2]);
        }
        for (int i = 0; i < 5; i++) { // a service that calls the echo: SOAP calls for the Clients section
            Http.Response r = Http.post(server.uri("/front"), Soap.echoRequest("front " + i), Soap.CONTENT_TYPE,
                    Map.of("SOAPAction", "\"urn:page:front\""));
            assertEquals(200, r.status(), r::toString);
        }
        load = new Thread(() -> {
            for (int i = 0; loading.get(); i++) {
                post(OPERATIONS[i % 2]);
            }
        }, "load");
        load.setDaemon(true);
        load.start();
    }

    @AfterAll
    void close() throws Exception {
        loading.set(false);
        if (load != null) {
            load.join(10_000);
        }
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void pageShowsOperationsPhasesAndHotSpotsWithNoConsoleError() {
        browser.driver.get(endpoint.uri("/").toString());
        waitFor(Duration.ofSeconds(30), () -> rows("#operations-table tbody tr").size() >= 2
                && rows("#phases-table tbody tr").size() > 0);
        assertEquals("soapscope", browser.driver.getTitle());
        for (String op : OPERATIONS) {
            WebElement row = browser.driver.findElement(By.cssSelector("#operations-table tr[data-operation='" + op + "']"));
            assertTrue(Long.parseLong(row.findElements(By.tagName("td")).get(1).getText()) > 0, row.getText());
        }
        // the orders and quotes, the front service and the echo its calls reach
        assertEquals(4, rows("#phase-bars .bar-row").size(), "one stacked bar per operation");
        WebElement factory = browser.driver.findElement(By.id("kind-factory.create"));
        assertTrue(factory.getText().contains("Why it costs:") && factory.getText().contains("Instead:"), factory.getText());
        assertTrue(factory.getText().contains("SaajFactoryPerRequestServlet") || factory.getText().contains("MessageFactory"),
                factory.getText());
        assertEquals(List.of(), browser.consoleErrors());
    }

    /** The Clients section: the calls the front service made, per operation and peer, and where they came from. */
    @Test
    @Order(1)
    void pageShowsTheSoapCallsTheJvmMakes() {
        browser.driver.get(endpoint.uri("/").toString());
        waitFor(Duration.ofSeconds(30), () -> rows("#clients-table tbody tr").size() > 0);
        WebElement call = browser.driver.findElement(By.cssSelector("#clients-table tr[data-operation='{urn:soapscope:test}echo']"));
        List<WebElement> cells = call.findElements(By.tagName("td"));
        assertEquals("127.0.0.1:" + server.port(), cells.get(1).getText());
        assertTrue(Long.parseLong(cells.get(2).getText()) >= 5, call.getText());
        assertEquals("0", cells.get(3).getText(), "no call failed: " + call.getText());
        assertTrue(cells.get(6).getText().contains("wait"), "its phases: " + call.getText());
        assertTrue(cells.get(8).getText().contains("urn:page:front"), "called from: " + call.getText());
        assertTrue(browser.driver.findElement(By.id("clients-empty")).getAttribute("hidden") != null);
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    @Order(2)
    void aProfileStartedFromThePageEndsInAFlameGraph() throws Exception {
        new Select(browser.driver.findElement(By.id("event"))).selectByVisibleText("cpu");
        WebElement seconds = browser.driver.findElement(By.id("seconds"));
        seconds.clear();
        seconds.sendKeys("3");
        browser.driver.findElement(By.id("start")).click();
        waitFor(Duration.ofSeconds(20), () -> browser.driver.findElement(By.id("progress")).isDisplayed());
        waitFor(Duration.ofSeconds(90), () -> {
            WebElement flame = browser.driver.findElement(By.id("flame"));
            return flame.isDisplayed() && flame.getAttribute("src").contains("profiles/flame?id=1");
        });
        assertTrue(rows("#profiles [data-profile='1'] button").size() > 1, "a button per phase besides 'all phases'");
        browser.driver.switchTo().frame("flame");
        try {
            waitFor(Duration.ofSeconds(20), () -> !browser.driver.findElements(By.tagName("canvas")).isEmpty());
            assertTrue(browser.driver.getPageSource().contains("[phase:"), "phase frames in the flame graph");
        } finally {
            browser.driver.switchTo().defaultContent();
        }
        browser.driver.executeScript("window.scrollTo(0, 0)");
        Files.createDirectories(SCREENSHOTS);
        Path shot = SCREENSHOTS.resolve("page-under-load.png");
        Files.write(shot, browser.driver.getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(shot) > 10_000, shot + " is " + Files.size(shot) + " bytes");
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    @Order(3)
    void twoProfilesCompareAsADifferentialGraphAndVerdicts() {
        WebElement seconds = browser.driver.findElement(By.id("seconds"));
        seconds.clear();
        seconds.sendKeys("2");
        browser.driver.findElement(By.id("start")).click();
        waitFor(Duration.ofSeconds(90), () -> !rows("#profiles [data-profile='2']").isEmpty()
                && browser.driver.findElement(By.id("compare")).isDisplayed());
        browser.driver.findElement(By.id("compare-button")).click();
        waitFor(Duration.ofSeconds(30), () -> browser.driver.findElement(By.id("flame")).getAttribute("src")
                .contains("profiles/diff?base=1&current=2")
                && !browser.driver.findElement(By.id("verdict-note")).getText().isEmpty());
        String note = browser.driver.findElement(By.id("verdict-note")).getText();
        assertTrue(note.startsWith("regressed:"), "the rule of compare, then what it could not judge: " + note);
        // both windows hold hundreds of requests of each operation: every row has a verdict
        for (WebElement row : rows("#verdict-table tbody tr")) {
            String verdict = row.findElements(By.tagName("td")).get(6).getText();
            assertTrue(verdict.matches("regressed|improved|unchanged"), row.getText());
        }
        assertTrue(rows("#verdict-table tbody tr").size() >= 2, "a row per operation and phase at least");
        browser.driver.switchTo().frame("flame");
        try {
            waitFor(Duration.ofSeconds(20), () -> !browser.driver.findElements(By.tagName("canvas")).isEmpty());
        } finally {
            browser.driver.switchTo().defaultContent();
        }
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    @Order(4)
    void thePhaseTableSaysWhatPhasesSays() throws Exception {
        loading.set(false);
        load.join(10_000);
        JsonNode phases = endpoint.phases();
        browser.driver.navigate().refresh();
        waitFor(Duration.ofSeconds(30), () -> rows("#phases-table tbody tr").size() > 0);
        JsonNode after = endpoint.phases();
        assertEquals(phases.toString().replaceAll("\"started_epoch_ms\":\\d+", ""),
                after.toString().replaceAll("\"started_epoch_ms\":\\d+", ""), "no request in between");
        Map<String, List<String>> shown = new HashMap<>();
        for (WebElement row : rows("#phases-table tbody tr")) {
            List<String> cells = row.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
            shown.put(row.getAttribute("data-operation") + " " + row.getAttribute("data-phase"), cells);
        }
        int expected = 0;
        for (JsonNode op : phases.get("operations")) {
            for (Map.Entry<String, JsonNode> e : op.get("phases").properties()) {
                String key = op.get("operation").asText() + " " + e.getKey();
                List<String> cells = shown.get(key);
                assertTrue(cells != null, "no row for " + key + " in " + shown.keySet());
                JsonNode p = e.getValue();
                assertEquals(p.get("mean_us").asDouble(), Double.parseDouble(cells.get(2)), 0.05, key + " self time");
                assertEquals(100 * p.get("share").asDouble(), Double.parseDouble(cells.get(3).replace("%", "")), 0.051,
                        key + " share");
                assertEquals(p.get("p99_us").asDouble(), Double.parseDouble(cells.get(4)), 0.05, key + " p99");
                assertEquals(p.get("alloc_bytes").asLong(), Long.parseLong(cells.get(5)), key + " allocation");
                expected++;
            }
        }
        assertEquals(expected, shown.size(), "no row /phases lacks");
        assertEquals(List.of(), browser.consoleErrors());
    }

    private List<WebElement> rows(String css) {
        return browser.driver.findElements(By.cssSelector(css));
    }

    private void waitFor(Duration timeout, java.util.function.BooleanSupplier condition) {
        new WebDriverWait(browser.driver, timeout).until(d -> condition.getAsBoolean());
    }

    private void post(String operation) {
        Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest("page"), Soap.CONTENT_TYPE,
                Map.of("SOAPAction", operation));
        if (r.status() != 200) {
            throw new AssertionError(operation + " answered " + r);
        }
    }
}
