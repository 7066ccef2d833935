package dev.soapscope.browser;

import dev.soapscope.testkit.HeadlessChromium;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Collectors;

/**
 * Debian's headless Chromium driven by its chromedriver, both at fixed paths: Selenium Manager is never asked to
 * find or download anything. A fresh profile directory per browser; the browser's console is kept for the tests.
 */
final class Chromium implements AutoCloseable {
    final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /**
     * A browser with a window of this size and these command-line flags; fails saying which Debian package to install
     * when one is missing.
     */
    static Chromium start(int width, int height, String... flags) throws IOException {
        Path browser = HeadlessChromium.browser();
        Path driver = HeadlessChromium.driver();
        Path profile = Files.createTempDirectory("soapscope-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser.toFile());
        options.addArguments(HeadlessChromium.flags(profile, width, height, flags));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .usingAnyFreePort()
                .build();
        return new Chromium(new ChromeDriver(service, options), profile);
    }

    /** Console messages at SEVERE (errors, failed loads) since the last call. */
    List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::toString)
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            delete(profile.toFile());
        }
    }

    private static void delete(File f) {
        File[] children = f.listFiles();
        if (children != null) {
            for (File c : children) {
                delete(c);
            }
        }
        f.delete();
    }
}
