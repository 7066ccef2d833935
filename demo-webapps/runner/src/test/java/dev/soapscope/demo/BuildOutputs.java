package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** What the runner's ITs get from the Maven build (failsafe's system properties), and reading what runs left. */
final class BuildOutputs {

    private BuildOutputs() {
    }

    /** A path the pom hands the ITs, e.g. {@code soapscope.demo.agentJar}; fails the test when run outside Maven. */
    static Path property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && !value.isBlank() && !value.contains("${"), name + " is not set: run through Maven");
        return Path.of(value);
    }

    /** The file's text, or a line saying why there is none (for failure messages). */
    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            return "(no " + file.getFileName() + ": " + e + ")";
        }
    }
}
