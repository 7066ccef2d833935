package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.soapscope.flamegraphs.Fixtures.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {
    @Test
    void printsUsageOnBadArguments() {
        assertUsage(cli(), "");
        assertUsage(cli("flamegraph"), "soapscope: unknown command flamegraph\n");
        assertUsage(cli("flame", "run"), "soapscope: --out is required\n");
        assertUsage(cli("flame", "--out"), "soapscope: --out needs a value\n");
        assertUsage(cli("diff", "a", "--out", "x.html"), "soapscope: expected BASE CUR, got a\n");
        assertUsage(cli("compare", "a", "b", "--treshold", "5"), "soapscope: unknown option --treshold\n");
        assertUsage(cli("compare", "a", "b", "--threshold", "five"),
                "soapscope: --threshold takes a number of at least 0, not five\n");
        assertUsage(cli("compare", "a", "b", "--json", "x", "--json", "y"), "soapscope: --json given twice\n");
    }

    @Test
    void helpIsNoError() {
        Fixtures.Result r = cli("help");
        assertEquals(0, r.exit());
        assertEquals(Cli.USAGE, r.out());
    }

    @Test
    void aCommandsHelpIsItsUsage() {
        String notes = Cli.USAGE.substring(Cli.USAGE.indexOf("A run is"));
        for (String command : new String[] {"flame", "diff", "compare"}) {
            for (String help : new String[] {"--help", "-h"}) {
                Fixtures.Result r = cli(command, help);
                assertEquals(0, r.exit(), command + " " + help + ": " + r.err());
                assertEquals("", r.err());
                // one line of the usage, that command's, then the notes
                String line = r.out().substring(0, r.out().indexOf(notes));
                assertTrue(line.startsWith("usage: java -jar soapscope-agent.jar " + command + " "), r.out());
                assertTrue(Cli.USAGE.contains(line.substring("usage: ".length())), line);
                assertEquals(line + notes, r.out());
                for (String other : new String[] {"flame", "diff", "compare"}) {
                    assertTrue(other.equals(command) || !line.contains(other + " "), r.out());
                }
            }
        }
        assertEquals(0, cli("compare", "a", "b", "--help").exit());
    }

    /** An output path that cannot be created: one line naming it, no exception's class name. */
    @Test
    void anOutputThatCannotBeWrittenIsNamed(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "");
        Path out = file.resolve("graphs");
        Fixtures.Result r = cli("flame", Fixtures.run("base").toString(), "--out", out.toString());
        assertEquals(2, r.exit());
        assertEquals("soapscope: cannot create the directory " + out + ": not a directory\n", r.err());
        r = cli("diff", Fixtures.run("base").toString(), Fixtures.run("current").toString(),
                "--out", out.resolve("diff.html").toString());
        assertEquals(2, r.exit());
        assertEquals("soapscope: cannot create the directory " + out + ": not a directory\n", r.err());
        if (Files.isDirectory(Path.of("/proc/self"))) { // the case, on Linux
            r = cli("flame", Fixtures.run("base").toString(), "--out", "/proc/x");
            assertEquals(2, r.exit());
            assertEquals("soapscope: cannot create the directory /proc/x: no such file or directory\n", r.err());
        }
    }

    private static void assertUsage(Fixtures.Result r, String message) {
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertEquals(message + Cli.USAGE, r.err());
    }
}
