package dev.soapscope.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Debian's Chromium and chromedriver as the tests that draw a page use them: at fixed paths (nothing is looked up or
 * downloaded), headless, with a fresh profile and no background traffic (this machine's network is closed, and
 * Chromium would otherwise keep trying). A missing package fails the test saying which one and who installs it.
 */
public final class HeadlessChromium {
    public static final Path BROWSER = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /** The browser's executable; an AssertionError naming Debian's package when it is not installed. */
    public static Path browser() {
        return require(BROWSER, "chromium");
    }

    /** chromedriver's executable; an AssertionError naming Debian's package when it is not installed. */
    public static Path driver() {
        return require(DRIVER, "chromium-driver");
    }

    /** The flags every test starts Chromium with: headless, a window of this size, the profile given, offline. */
    public static List<String> flags(Path profile, int width, int height, String... more) {
        List<String> flags = new ArrayList<>(List.of("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=" + width + "," + height));
        flags.addAll(Arrays.asList(more));
        return flags;
    }

    /** A command line running the browser itself (for --screenshot or --dump-dom of a page). */
    public static List<String> command(Path profile, int width, int height, String... more) {
        List<String> command = new ArrayList<>();
        command.add(browser().toString());
        command.addAll(flags(profile, width, height, more));
        return command;
    }

    private static Path require(Path file, String debianPackage) {
        if (!Files.isExecutable(file)) {
            throw new AssertionError(file + " is missing: install Debian's " + debianPackage + " package (apt-get install "
                    + debianPackage + "); scripts/test.sh installs it before running the tests");
        }
        return file;
    }
}
