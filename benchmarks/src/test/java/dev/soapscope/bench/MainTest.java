package dev.soapscope.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @Test
    void quickSetsSmallerDefaultsThatExplicitValuesOverride() {
        Main.Options o = Main.Options.parse(new String[] {"e2e", "--rounds", "4", "--quick"});
        assertEquals("e2e", o.command);
        assertTrue(o.quick);
        assertEquals(4, o.rounds);
        assertEquals(3, o.seconds);
        assertEquals(20_000, o.heapRequests);
        assertThrows(IllegalArgumentException.class, () -> Main.Options.parse(new String[] {"bench"}));
        assertThrows(IllegalArgumentException.class, () -> Main.Options.parse(new String[] {"--rounds"}));
    }

    @Test
    void theSideBySidePartTakesTheOtherAgentsJars() {
        Main.Options o = Main.Options.parse(new String[] {"compare", "--otel-agent", "o.jar", "--elastic-agent", "e.jar"});
        assertEquals("compare", o.command);
        assertEquals(Path.of("o.jar"), o.otelJar);
        assertEquals(Path.of("e.jar"), o.elasticJar);
        assertEquals(Path.of("benchmarks/target/agents/opentelemetry-javaagent.jar"),
                Main.Options.parse(new String[] {}).otelJar, "where the benchmarks module's build copies it");
    }

    @Test
    void refreshesOnlyBetweenTheMarkers(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("BENCHMARKS.md");
        Files.writeString(doc, "# head\n" + Main.BEGIN + "\nold\n" + Main.END + "\ntail\n");
        Main.updateDoc(doc, "new figures\n");
        assertEquals("# head\n" + Main.BEGIN + "\n\nnew figures\n\n" + Main.END + "\ntail\n", Files.readString(doc));
    }

    @Test
    void aPartNotMeasuredKeepsItsSectionFromTheDoc(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("BENCHMARKS.md");
        Files.writeString(doc, "# head\n" + Main.BEGIN + "\n\nProduced by ...\n\n### JMH: old jmh\n\nrows\n\n"
                + "### Tomcat start-up with the payload-caching WAR\n\nold start-up\n\n"
                + "### Tomcat start-up with the minimal servlet app\n\nold minimal\n\n"
                + "### Spring Boot start-up: Spring-WS's echo sample\n\nold boot\n\n"
                + "### Side by side: old\n\nold agents\n\n" + Main.END + "\ntail\n");
        Path out = Files.createDirectory(dir.resolve("out"));
        Files.writeString(out.resolve("results-jmh.md"), "### JMH: new jmh\n\nnew rows\n");
        Main.Options o = Main.Options.parse(new String[] {"report", "--out", out.toString(), "--update-doc", doc.toString()});
        String results = Main.compose(o);
        assertTrue(results.contains("### JMH: new jmh\n\nnew rows"), results);
        assertTrue(!results.contains("old jmh"), results);
        assertTrue(results.contains("### Tomcat start-up with the payload-caching WAR\n\nold start-up"), results);
        // a part of several sections keeps them all, up to the next part's
        assertTrue(results.contains("### Tomcat start-up with the minimal servlet app\n\nold minimal"), results);
        assertTrue(results.contains("### Spring Boot start-up: Spring-WS's echo sample\n\nold boot"), results);
        assertEquals(1, results.split("### Spring Boot start-up", -1).length - 1, results);
        assertTrue(results.contains("### Side by side: old\n\nold agents"), results);
    }
}
