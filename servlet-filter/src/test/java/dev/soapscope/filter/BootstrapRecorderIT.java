package dev.soapscope.filter;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The filter beside a recorder on the boot class path, as the agent puts it there (no agent here: just its
 * recorder jar on {@code -Xbootclasspath/a}), in a child-first loader as Jetty makes one: the filter's calls and
 * the webapp's own name lookups both reach the bootstrap recorder. {@code FilterWithAgentIT} does the same on
 * real containers with the real agent.
 */
class BootstrapRecorderIT {
    private static Path jar(String property) {
        String value = System.getProperty(property);
        assertTrue(value != null && Files.exists(Path.of(value)), property + " = " + value);
        return Path.of(value);
    }

    @Test
    void aChildFirstWebappLoaderReachesTheBootstrapRecorderThroughHandles() throws Exception {
        Path testClasses = Path.of(ChildFirstProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xbootclasspath/a:" + jar("soapscope.test.recorderJar"),
                "-cp", testClasses.toString(), ChildFirstProbe.class.getName(), jar("soapscope.test.filterJar").toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        List<String> lines = output.lines().filter(l -> l.startsWith("probe: ")).toList();
        assertEquals(List.of(
                "probe: this class sees the bootstrap recorder=true",
                "probe: webapp resolves the bootstrap recorder=true",
                "probe: kind=AGENT_HANDLES",
                "probe: endpoint=null",
                "probe: bootstrap recorded urn:probe requests=1 in=100 out=40"), lines, output);
    }
}
