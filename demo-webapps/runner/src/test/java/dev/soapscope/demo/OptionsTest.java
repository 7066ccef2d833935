package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class OptionsTest {

    @Test
    void defaultsFinishInAFewMinutes() throws Exception {
        Options o = Options.parse();
        assertEquals(List.of(), o.scenarios());
        assertEquals(2000, o.requests());
        assertEquals(16, o.concurrency());
        assertEquals(300, o.warmup());
        assertFalse(o.quick());
        assertFalse(o.help());
        assertEquals(Path.of("soapscope-report"), o.out());
        assertEquals(Path.of("agent/target/soapscope-agent.jar"), o.agentJar());
        assertEquals(Path.of("demo-webapps/payload-caching/target/payload-caching.war"), o.war());
    }

    @Test
    void quickScalesDownAndExplicitOptionsWinWhateverTheOrder() throws Exception {
        Options quick = Options.parse("--quick");
        assertEquals(Options.QUICK_REQUESTS, quick.requests());
        assertEquals(Options.QUICK_CONCURRENCY, quick.concurrency());
        assertEquals(Options.QUICK_WARMUP, quick.warmup());

        Options o = Options.parse("--requests", "60", "--quick", "--concurrency", "4", "--warmup", "20");
        assertTrue(o.quick());
        assertEquals(60, o.requests());
        assertEquals(4, o.concurrency());
        assertEquals(20, o.warmup());
    }

    @Test
    void everyOptionWithSpaceOrEquals() throws Exception {
        Options o = Options.parse("--scenario", "payload-caching/saaj, payload-caching/axiom-streaming",
                "--requests=2000", "--concurrency=200", "--warmup", "0", "--out", "/tmp/r", "--agent=a.jar",
                "--war", "w.war");
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-streaming"), o.scenarios());
        assertEquals(2000, o.requests());
        assertEquals(200, o.concurrency());
        assertEquals(0, o.warmup());
        assertEquals(Path.of("/tmp/r"), o.out());
        assertEquals(Path.of("a.jar"), o.agentJar());
        assertEquals(Path.of("w.war"), o.war());
        assertTrue(Options.parse("--help").help());
        assertTrue(Options.parse("-h").help());
    }

    @Test
    void badOptionsSayWhatIsWrongInOneLine() {
        assertMessage("unknown option: --fast", "--fast");
        assertMessage("unknown option: saaj", "saaj");
        assertMessage("--requests wants a value", "--requests");
        assertMessage("--requests wants a value", "--requests", "--quick");
        assertMessage("--requests wants a whole number of 1 or more, got: 0", "--requests", "0");
        assertMessage("--concurrency wants a whole number of 1 or more, got: many", "--concurrency", "many");
        assertMessage("--warmup wants a whole number of 0 or more, got: -1", "--warmup=-1");
        assertMessage("--scenario wants one or more scenario names separated by commas", "--scenario", ",");
    }

    private static void assertMessage(String expected, String... args) {
        Options.BadOption e = assertThrows(Options.BadOption.class, () -> Options.parse(args));
        assertEquals(expected, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void usageNamesEveryOption() {
        for (String option : List.of("--scenario", "--requests", "--concurrency", "--warmup", "--quick", "--out",
                "--agent", "--war", "--help")) {
            assertTrue(Options.USAGE.contains(option), option);
        }
    }
}
