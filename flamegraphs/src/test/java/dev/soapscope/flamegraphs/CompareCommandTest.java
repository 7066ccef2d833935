package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static dev.soapscope.flamegraphs.Fixtures.cli;
import static dev.soapscope.flamegraphs.Fixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareCommandTest {
    @Test
    void flagsExactlyThePlantedPhase() {
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString());

        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.err());
        List<String> regressed = r.out().lines().filter(l -> l.endsWith("| **regressed** |")).toList();
        assertEquals(List.of(
                "| urn:orders:getOrder | unmarshal | wall us | 1005.1 | 3012.6 | +2007.5 | +1993.2 .. +2021.8"
                        + " | +199.7% | **regressed** |",
                "| urn:orders:listOrders | invoke | alloc B | 30000.0 | 52000.0 | +22000.0 | +21221.7 .. +22778.3"
                        + " | +73.3% | **regressed** |",
                "| (all operations) | unmarshal | cpu us | 936.7 | 2326.7 | +1390.0 | +1122.5 .. +1657.5"
                        + " | +148.4% | **regressed** |"), regressed);
        List<String> improved = r.out().lines().filter(l -> l.endsWith("| **improved** |")).toList();
        assertEquals(List.of("| urn:orders:listOrders | marshal | wall us | 800.0 | 500.0 | -300.0 | -315.9 .. -284.1"
                + " | -37.5% | **improved** |"), improved);
        assertTrue(r.out().contains("\n3 regressed (wall 1, alloc 1, cpu 1), 1 improved (wall 1), 20 unchanged"
                + " (regressed: the whole 95% interval of the difference above 10% of the baseline mean, and the"
                + " difference above 20 us or 1024 B;"), r.out());
    }

    @Test
    void allocationShowsARegressionTheWallIntervalIsTooWideFor() {
        String out = cli("compare", run("base").toString(), run("current").toString()).out();

        // +300 us, but the interval reaches below zero; the bytes it allocates are exact enough to tell
        assertTrue(out.contains("| urn:orders:listOrders | invoke | wall us | 2000.0 | 2300.0 | +300.0"
                + " | -718.4 .. +1318.4 | +15.0% | unchanged |"), out);
        assertTrue(out.contains("| urn:orders:listOrders | invoke | alloc B | 30000.0 | 52000.0 | +22000.0 |"), out);
        // +92 B: under the floor of 1024 B
        assertTrue(out.contains("| urn:orders:getOrder | unmarshal | alloc B | 16384.0 | 16476.0 | +92.0"
                + " | -105.4 .. +289.4 | +0.6% | unchanged |"), out);
    }

    @Test
    void cpuTimePerRequestComesFromTheProfilesSamples() {
        String out = cli("compare", run("base").toString(), run("current").toString()).out();

        // base: 1 ms of parse and of unmarshal per request at a 1 ms interval, 300 requests; current: 150 requests,
        // unmarshal 3 ms on two of three. The interval is the Poisson one of the sample counts.
        assertTrue(out.contains("| (all operations) | soap.parse | cpu us | 946.7 | 986.7 | +40.0 | -153.4 .. +233.4"
                + " | +4.2% | unchanged |"), out);
        long baseSamples = Math.round(936.7 * 300 / 1000);
        long currentSamples = Math.round(2326.7 * 150 / 1000);
        double half = 1.96 * 1000 * Math.sqrt((double) baseSamples / 300 / 300 + (double) currentSamples / 150 / 150);
        assertEquals(1390.0 - half, 1122.5, 0.1);
    }

    @Test
    void keepsSmallAndNoisyChangesUnchanged() {
        String out = cli("compare", run("base").toString(), run("current").toString()).out();

        // +146% but only 15 us: under the floor
        assertTrue(out.contains("| urn:orders:getOrder | transport.write | wall us | 10.2 | 25.1 | +14.9 | +14.4 .. +15.4"
                + " | +146.1% | unchanged |"), out);
    }

    @Test
    void aRunNeverRegressesAgainstItself() {
        for (String name : List.of("base", "current")) {
            Fixtures.Result r = cli("compare", run(name).toString(), run(name).toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertFalse(r.out().contains("**"), r.out());
            assertTrue(r.out().contains("\n0 regressed, 0 improved, 24 unchanged ("), r.out());
        }
    }

    @Test
    void aHighThresholdLetsThePlantedPhasePass() {
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString(), "--threshold", "250");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("| urn:orders:getOrder | unmarshal | wall us | 1005.1 | 3012.6 | +2007.5 |"
                + " +1993.2 .. +2021.8 | +199.7% | unchanged |"), r.out());
    }

    @Test
    void anOperationWithTooFewRequestsGetsNoVerdict(@TempDir Path dir) throws Exception {
        // a readiness probe seen once per run, 50 times slower the second time; a real operation unchanged
        Path base = phases(dir.resolve("base"), 100.0, 1000);
        Path current = phases(dir.resolve("current"), 5000.0, 1000);

        Fixtures.Result r = cli("compare", base.toString(), current.toString());
        assertEquals(0, r.exit(), r.out());
        assertFalse(r.out().contains("| urn:ready |"), r.out());
        assertTrue(r.out().contains("| urn:real | invoke | wall us | 300.0 | 300.0 |"), r.out());
        assertTrue(r.out().contains("\ntoo few requests for a verdict (fewer than 30 in a run; baseline and current):"
                + " urn:ready (1 and 1)\n"), r.out());

        Fixtures.Result one = cli("compare", base.toString(), current.toString(), "--min-requests", "1");
        assertEquals(1, one.exit(), one.out());
        assertTrue(one.out().contains("| urn:ready | invoke | wall us | 100.0 | 5000.0 | +4900.0 |"), one.out());

        Fixtures.Result all = cli("compare", run("base").toString(), run("current").toString(), "--min-requests", "151");
        assertEquals(0, all.exit(), all.out());
        assertTrue(all.out().contains("(fewer than 151 in a run; baseline and current): urn:orders:getOrder (200 and"
                + " 100), urn:orders:listOrders (100 and 50), (all operations) (300 and 150)\n"), all.out());

        Fixtures.Result bad = cli("compare", base.toString(), current.toString(), "--min-requests", "2.5");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("soapscope: --min-requests takes a whole number of at least 0, not 2.5\n"),
                bad.err());
    }

    @Test
    void aSignalARunCannotGiveIsNamedNotJudged(@TempDir Path dir) throws Exception {
        Path base = phases(dir.resolve("base"), 100.0, 1000);
        Path current = Files.createDirectories(dir.resolve("current")).resolve("phases.json");
        Files.writeString(current, Files.readString(base.resolve("phases.json"))
                .replace("\"allocation_measured\":true", "\"allocation_measured\":false"));

        Fixtures.Result r = cli("compare", base.toString(), current.toString());
        assertEquals(0, r.exit(), r.out());
        assertFalse(r.out().contains(" alloc B "), r.out());
        assertTrue(r.out().contains("\nalloc not compared: " + current
                + " has no allocation figures (allocation_measured is not true)\n"), r.out());
        assertTrue(r.out().contains("\ncpu not compared: " + base + " holds no *.jfr files"), r.out());
    }

    @Test
    void onAsharedRunnerTheGateCanLeaveWallTimeOut() {
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString(), "--signals", "alloc,cpu");
        assertEquals(1, r.exit(), r.err());
        assertFalse(r.out().contains(" wall us "), r.out());
        assertTrue(r.out().contains("\n2 regressed (alloc 1, cpu 1), 0 improved, 11 unchanged ("), r.out());
        assertTrue(r.out().contains("\nwall not compared: left out by --signals\n"), r.out());

        Fixtures.Result wallOnly = cli("compare", run("base").toString(), run("current").toString(), "--signals", "wall");
        assertTrue(wallOnly.out().contains("\n1 regressed (wall 1), 1 improved (wall 1), 9 unchanged ("), wallOnly.out());

        Fixtures.Result bad = cli("compare", run("base").toString(), run("current").toString(), "--signals", "wall,io");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("soapscope: --signals takes a list of wall, alloc and cpu, not wall,io\n"),
                bad.err());
    }

    /** A run directory with a phases.json: urn:ready once (invoke {@code readyUs}) and urn:real 40 times. */
    private static Path phases(Path dir, double readyUs, long realAllocBytes) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("phases.json"), "{\"allocation_measured\":true,\"operations\":["
                + "{\"operation\":\"urn:ready\",\"requests\":1,\"phases\":{\"invoke\":{\"mean_us\":" + readyUs
                + ",\"sd_us\":0,\"alloc_bytes\":500,\"alloc_sd_bytes\":0}}},"
                + "{\"operation\":\"urn:real\",\"requests\":40,\"phases\":{\"invoke\":{\"mean_us\":300.0,"
                + "\"sd_us\":30,\"alloc_bytes\":" + realAllocBytes + ",\"alloc_sd_bytes\":10}}}]}");
        return dir;
    }

    /**
     * A client JVM's run: its calls are operations of their own, matched by operation whatever port the peer had; a
     * client that started building its proxy for every call allocates more in the call and regresses.
     */
    @Test
    void theCallsAClientMadeAreGatedLikeOperationsServed(@TempDir Path dir) throws Exception {
        Path base = calls(dir.resolve("base"), 48_000, "127.0.0.1:40001");
        Path current = calls(dir.resolve("current"), 100_000, "127.0.0.1:40777");
        Fixtures.Result r = cli("compare", base.toString(), current.toString(), "--signals", "wall,alloc");
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.out().contains("| call {q}query | soap.parse | alloc B | 48000.0 | 100000.0 | +52000.0 |"),
                r.out());
        assertTrue(r.out().contains("| call {q}query | wait | wall us | 1500.0 | 1500.0 |"), r.out());
        assertEquals(0, cli("compare", base.toString(), base.toString(), "--signals", "wall,alloc").exit());

        // the same operation on two peers: each its own row
        Path two = Files.createDirectories(dir.resolve("two")).resolve("phases.json");
        Files.writeString(two, Files.readString(base.resolve("phases.json")).replace("]}", ","
                + CALL.formatted("127.0.0.1:9090", 48_000) + "]}"));
        Fixtures.Result peers = cli("compare", two.getParent().toString(), two.getParent().toString());
        assertTrue(peers.out().contains("| call {q}query @ 127.0.0.1:9090 | soap.parse | alloc B |"), peers.out());
    }

    private static final String CALL = "{\"operation\":\"{q}query\",\"peer\":\"%s\",\"requests\":200,"
            + "\"phases\":{\"wait\":{\"mean_us\":1500.0,\"sd_us\":100,\"alloc_bytes\":100,\"alloc_sd_bytes\":10},"
            + "\"soap.parse\":{\"mean_us\":200.0,\"sd_us\":20,\"alloc_bytes\":%d,\"alloc_sd_bytes\":100}}}";

    /** A client JVM's run directory: no operation served, 200 calls of {q}query to {@code peer}. */
    private static Path calls(Path dir, long parseAllocBytes, String peer) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("phases.json"), "{\"allocation_measured\":true,\"operations\":[],"
                + "\"clients\":[" + CALL.formatted(peer, parseAllocBytes) + "]}");
        return dir;
    }

    @Test
    void writesJsonOnlyWhenAsked(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("out").resolve("compare.json");
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString(), "--json", json.toString());
        assertEquals(1, r.exit());

        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonReader.parse(Files.readString(json));
        assertEquals(3.0, doc.get("regressed"));
        assertEquals(10.0, doc.get("threshold_pct"));
        assertEquals(20.0, doc.get("floor_us"));
        assertEquals(1024.0, doc.get("floor_bytes"));
        assertEquals(30.0, doc.get("min_requests"));
        assertEquals(Map.of(), doc.get("not_compared"));
        assertEquals(List.of("wall", "alloc", "cpu"), doc.get("signals"));
        assertEquals(List.of(), doc.get("too_few_requests"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> phases = (List<Map<String, Object>>) doc.get("phases");
        Map<String, Object> regressed = phases.stream().filter(p -> p.get("verdict").equals("regressed"))
                .findFirst().orElseThrow();
        assertEquals("urn:orders:getOrder", regressed.get("operation"));
        assertEquals("unmarshal", regressed.get("phase"));
        assertEquals("wall", regressed.get("signal"));
        assertEquals("us", regressed.get("unit"));
        assertEquals(2007.5, (Double) regressed.get("diff"), 1e-9);
        assertEquals(1993.219, (Double) regressed.get("ci95_low"), 1e-9);
        assertEquals(200.0, regressed.get("baseline_requests"));
        assertEquals(100.0, regressed.get("current_requests"));
        assertEquals(List.of("wall", "alloc", "cpu"), phases.stream().filter(p -> p.get("verdict").equals("regressed"))
                .map(p -> p.get("signal")).toList());

        cli("compare", run("base").toString(), run("current").toString());
        assertFalse(Files.exists(Paths.get("compare.json")), "no JSON file without --json");
    }

    @Test
    void malformedJsonNamesTheFileAndPlace() {
        Path file = run("malformed").resolve("phases.json");
        Fixtures.Result r = cli("compare", run("base").toString(), run("malformed").toString());
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertEquals("soapscope: malformed JSON in " + file + ": line 3, column 44: expected ',' or '}'\n", r.err());
    }

    @Test
    void wrongShapesNameTheMember(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("phases.json"),
                "{\"operations\":[{\"operation\":\"urn:x\",\"requests\":3,\"phases\":{\"invoke\":{\"mean_us\":\"12\"}}}]}");
        Fixtures.Result r = cli("compare", run("base").toString(), dir.toString());
        assertEquals(2, r.exit());
        assertEquals("soapscope: unexpected content in " + dir.resolve("phases.json")
                + ": operations[0].phases.invoke.mean_us: expected a number, found a string\n", r.err());
    }

    @Test
    void missingRunsAndDocumentsAreBadInput(@TempDir Path dir) {
        Fixtures.Result missing = cli("compare", dir.resolve("nope").toString(), run("base").toString());
        assertEquals(2, missing.exit());
        assertEquals("soapscope: no such run: " + dir.resolve("nope")
                + " (expected a directory with phases.json and *.jfr files, or a .jfr file)\n", missing.err());

        Fixtures.Result empty = cli("compare", dir.toString(), run("base").toString());
        assertEquals(2, empty.exit());
        assertEquals("soapscope: " + dir + " has no phases.json (the agent's /phases document of the run)\n",
                empty.err());
    }

    @Test
    void takesPhasesFilesDirectly() {
        Fixtures.Result r = cli("compare", run("base").resolve("phases.json").toString(),
                run("current").resolve("phases.json").toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.out().contains("\ncpu not compared: " + run("base").resolve("phases.json")
                + " holds no *.jfr files (async-profiler recordings)\n"), r.out());
    }

    @Test
    void welchIntervalAndVerdictRule() {
        PhaseComparison c = new PhaseComparison("op", "unmarshal", Signal.WALL, 1000, 100, 100, 1200, 200, 50);
        double half = 1.96 * Math.sqrt(100.0 * 100 / 100 + 200.0 * 200 / 50);
        assertEquals(200, c.diff(), 1e-9);
        assertEquals(200 - half, c.low(), 1e-9);
        assertEquals(200 + half, c.high(), 1e-9);
        // low = 141.2: above 10% of 1000, not above 15%
        assertEquals(Verdict.REGRESSED, new VerdictRule(10, 20).judge(c));
        assertEquals(Verdict.UNCHANGED, new VerdictRule(15, 20).judge(c));
        assertEquals(Verdict.UNCHANGED, new VerdictRule(10, 250).judge(c));
        PhaseComparison back = new PhaseComparison("op", "unmarshal", Signal.WALL, 1200, 200, 50, 1000, 100, 100);
        assertEquals(Verdict.IMPROVED, new VerdictRule(10, 20).judge(back));
        // a phase the baseline never entered: any sure growth above the floor regresses
        PhaseComparison fresh = new PhaseComparison("op", "security", Signal.WALL, 0, 0, 100, 50, 10, 100);
        assertEquals(Verdict.REGRESSED, new VerdictRule(10, 20).judge(fresh));
        // allocation has its own floor, in bytes: 200 B more is sure, and above 10%, but under 1024 B
        PhaseComparison bytes = new PhaseComparison("op", "unmarshal", Signal.ALLOC, 1000, 100, 100, 1200, 200, 50);
        assertEquals(Verdict.UNCHANGED, new VerdictRule(10, 20).judge(bytes));
        assertEquals(Verdict.REGRESSED, new VerdictRule(10, 20, 100, 30, EnumSet.allOf(Signal.class)).judge(bytes));
    }
}
