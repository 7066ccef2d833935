package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;

import static dev.soapscope.flamegraphs.Fixtures.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

    private static void assertUsage(Fixtures.Result r, String message) {
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertEquals(message + Cli.USAGE, r.err());
    }
}
