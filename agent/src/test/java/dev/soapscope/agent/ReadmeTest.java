package dev.soapscope.agent;

import dev.soapscope.config.ConfigKey;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's settings table is the declaration in {@link ConfigKey}, word for word. */
class ReadmeTest {
    static final String START = "<!-- settings:start (generated from ConfigKey: java -jar agent/target/soapscope-agent.jar config) -->\n";
    static final String END = "<!-- settings:end -->";

    @Test
    void settingsTableMatchesTheDeclaration() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf(START);
        int end = readme.indexOf(END);
        assertTrue(start >= 0 && end > start, "README.md has no settings table between the markers");
        assertEquals(ConfigKey.markdownTable(), readme.substring(start + START.length(), end));
    }

    /** The reports compare with "classic" figures: the README says what they are where the word first appears. */
    @Test
    void classicIsExplainedWhereItFirstAppears() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int first = readme.indexOf("classic");
        assertTrue(first >= 0, "README.md speaks of classic figures");
        String around = readme.substring(first, Math.min(readme.length(), first + 200));
        assertTrue(around.contains("published results of the benchmarks these scenarios reproduce"), around);
    }
}
