package dev.soapscope.browser;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The servlet filter's page, alone in a webapp (no agent): at the mount point without a trailing slash it reads
 * its documents, shows what the filter records, and says that profiling needs the agent instead of offering it.
 */
class FilterPageIT {
    static final Path FILTER = Path.of(System.getProperty("soapscope.test.filterJar",
            "../servlet-filter/target/soapscope-servlet-filter.jar"));

    @TempDir
    Path dir;

    @Test
    void theFiltersPageShowsWhatItHasAndThatProfilingNeedsTheAgent() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("webapp/WEB-INF/lib"));
        Files.copy(FILTER, lib.resolve("soapscope-servlet-filter.jar"));
        try (Chromium browser = Chromium.start(1200, 1600);
             ForkedServer server = ForkedServer.tomcat().webapp(dir.resolve("webapp"))
                     .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            for (int i = 0; i < 10; i++) {
                Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest("filter"), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:filter:echo"));
                assertEquals(200, r.status(), r.toString());
            }
            assertTrue(Http.get(server.uri("/soapscope/")).body().startsWith("soapscope endpoints:"),
                    "a client that does not ask for HTML gets the text index");
            browser.driver.get(server.uri("/soapscope").toString());
            new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(d ->
                    !d.findElements(By.cssSelector("#operations-table tr[data-operation='urn:filter:echo']")).isEmpty()
                            && !d.findElements(By.cssSelector("#phases-table tr[data-phase='transport.read']")).isEmpty());
            assertTrue(browser.driver.findElement(By.id("no-profiler")).isDisplayed());
            assertTrue(browser.driver.findElement(By.id("no-profiler")).getText().contains("Profiling needs the agent"));
            assertFalse(browser.driver.findElement(By.id("profiler")).isDisplayed());
            assertEquals(List.of(), browser.consoleErrors());
        }
    }
}
