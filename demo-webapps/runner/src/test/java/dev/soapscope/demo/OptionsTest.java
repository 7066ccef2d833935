package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.soapscope.demo.scenario.Webapp;

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
        assertEquals(Path.of("demo-webapps/payload-caching/target/payload-caching.war"), o.war(Webapp.PAYLOAD_CACHING));
        assertEquals(Path.of("demo-webapps/mtom/target/mtom.war"), o.war(Webapp.MTOM));
        for (Webapp w : Webapp.values()) {
            assertTrue(Options.USAGE.contains(w.option() + " PATH"), w::toString);
        }
        assertEquals(List.of(10, 50, 100, 500, 1000, 2000, 5000, 50000, 100000), o.transfer().fetchSizes());
        assertEquals(100_000, o.transfer().tuples());
        assertEquals(List.of(32 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024, 12 * 1024 * 1024),
                o.transfer().echoSizes());
        assertEquals(3, o.transfer().runs());
        assertTrue(o.transfer().warmup());
        assertEquals("select * from tuples limit 100000", o.transfer().queryText());
        assertTrue(o.flamegraphs(), "the server is profiled unless told not to");
        assertFalse(Options.parse("--no-flamegraphs").flamegraphs());
        assertTrue(Options.USAGE.contains("--no-flamegraphs"));
    }

    @Test
    void quickTransferHasFewerSizesAndOneRunEach() throws Exception {
        Options quick = Options.parse("--quick");
        assertEquals(List.of(100, 1000, 100000), quick.transfer().fetchSizes());
        assertEquals(List.of(32 * 1024, 1024 * 1024, 12 * 1024 * 1024), quick.transfer().echoSizes());
        assertEquals(1, quick.transfer().runs());
        Options scaled = Options.parse("--quick", "--fetch-sizes", "100, 10,100", "--tuples=2000", "--echo-sizes",
                "32K,256KB,1m,4096", "--runs", "2", "--warmup", "0", "--mtom-war", "m.war");
        assertEquals(List.of(100, 10), scaled.transfer().fetchSizes());
        assertEquals(2000, scaled.transfer().tuples());
        assertEquals(List.of(32768, 262144, 1048576, 4096), scaled.transfer().echoSizes());
        assertEquals(2, scaled.transfer().runs());
        assertFalse(scaled.transfer().warmup());
        assertEquals(Path.of("m.war"), scaled.war(Webapp.MTOM));
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
        assertEquals(Path.of("w.war"), o.war(Webapp.PAYLOAD_CACHING));
        assertEquals(Webapp.MTOM.defaultWar(), o.war(Webapp.MTOM));
        assertEquals(List.of(), o.jvmOptions());
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-Xss2m"),
                Options.parse("--jvm-option", "-XX:TieredStopAtLevel=1", "--jvm-option=-Xss2m").jvmOptions());
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
        assertMessage("--tuples wants at most 100000, got: 100001", "--tuples", "100001");
        assertMessage("--fetch-sizes wants whole numbers from 1 to 100000, got: 0", "--fetch-sizes", "10,0");
        assertMessage("--fetch-sizes wants whole numbers from 1 to 100000, got: 1K", "--fetch-sizes", "1K");
        assertMessage("--echo-sizes wants sizes from 1 to 33554432, got: 64M", "--echo-sizes", "64M");
        assertMessage("--echo-sizes wants sizes from 1 to 33554432, got: lots", "--echo-sizes", "lots");
        assertMessage("--echo-sizes wants one or more sizes separated by commas", "--echo-sizes", ",");
        assertMessage("--runs wants a whole number of 1 or more, got: 0", "--runs", "0");
        assertMessage("--jvm-option wants one JVM option starting with -, such as -Xss2m; got: Xss2m",
                "--jvm-option", "Xss2m");
        assertMessage("--jvm-option wants a value", "--jvm-option");
    }

    private static void assertMessage(String expected, String... args) {
        Options.BadOption e = assertThrows(Options.BadOption.class, () -> Options.parse(args));
        assertEquals(expected, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void usageNamesEveryOption() {
        for (String option : List.of("--scenario", "--requests", "--concurrency", "--warmup", "--quick", "--out",
                "--agent", "--war", "--mtom-war", "--fetch-sizes", "--tuples", "--echo-sizes", "--runs", "--jvm-option",
                "--help")) {
            assertTrue(Options.USAGE.contains(option), option);
        }
    }
}
