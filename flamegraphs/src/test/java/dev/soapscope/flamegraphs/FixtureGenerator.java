package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records the checked-in JFR fixtures again: {@code runs/base/profile.jfr} and {@code runs/current/profile.jfr}
 * under {@code src/test/resources}, each from a forked JVM running {@link FixtureWorkload} with async-profiler
 * (cpu event, 1 ms, JFR output). The base run has 300 requests of 1 ms parse and 1 ms unmarshal; the current
 * run 150 requests whose unmarshal takes 3 ms on two requests of three (the getOrder ones in the checked-in
 * phases.json) and 1 ms on the third. Not part of the normal build (the name matches no test pattern, and the
 * property guards it); run it with
 * <pre>
 * mvn -B -pl flamegraphs test -Dtest=FixtureGenerator -Dsoapscope.fixtures.regenerate=true
 * </pre>
 * then run the tests: their exact expected counts change with every recording and must be updated.
 */
class FixtureGenerator {
    static final Path RUNS = Paths.get("src", "test", "resources", "runs");

    @Test
    @EnabledIfSystemProperty(named = "soapscope.fixtures.regenerate", matches = "true")
    void regenerate() throws Exception {
        record(RUNS.resolve("base").resolve("profile.jfr"), 300, 1000, 1000, 1000, 200);
        record(RUNS.resolve("current").resolve("profile.jfr"), 150, 1000, 3000, 1000, 200);
    }

    private static void record(Path jfr, int requests, long parseUs, long unmarshalUs, long thirdUnmarshalUs,
                               long betweenUs) throws Exception {
        Files.createDirectories(jfr.getParent());
        Files.deleteIfExists(jfr);
        // surefire starts tests with a manifest-only jar; it keeps the real class path in this property
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(Arrays.asList(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-cp", classPath, FixtureWorkload.class.getName(),
                jfr.toAbsolutePath().toString(), String.valueOf(requests), String.valueOf(parseUs),
                String.valueOf(unmarshalUs), String.valueOf(thirdUnmarshalUs), String.valueOf(betweenUs)));
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fixture workload did not finish");
        assertEquals(0, p.exitValue(), "fixture workload failed");
        long size = Files.size(jfr);
        System.out.println("recorded " + jfr + " (" + size + " bytes)");
        assertTrue(size < 200 * 1024, jfr + " is larger than 200 KB: " + size);
    }
}
