package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
        assertEquals(List.of("| urn:orders:getOrder | unmarshal | 1005.1 | 3012.6 | +2007.5 | +1993.2 .. +2021.8"
                + " | +199.7% | **regressed** |"), regressed);
        List<String> improved = r.out().lines().filter(l -> l.endsWith("| **improved** |")).toList();
        assertEquals(List.of("| urn:orders:listOrders | marshal | 800.0 | 500.0 | -300.0 | -315.9 .. -284.1"
                + " | -37.5% | **improved** |"), improved);
        assertTrue(r.out().contains("\n1 regressed, 1 improved, 9 unchanged (regressed: the whole 95% interval of"
                + " the difference above 10% of the baseline mean, and the difference above 20 us;"), r.out());
    }

    @Test
    void keepsSmallAndNoisyChangesUnchanged() {
        String out = cli("compare", run("base").toString(), run("current").toString()).out();

        // +146% but only 15 us: under the floor
        assertTrue(out.contains("| urn:orders:getOrder | transport.write | 10.2 | 25.1 | +14.9 | +14.4 .. +15.4"
                + " | +146.1% | unchanged |"), out);
        // +300 us, but the interval reaches below zero
        assertTrue(out.contains("| urn:orders:listOrders | invoke | 2000.0 | 2300.0 | +300.0 | -718.4 .. +1318.4"
                + " | +15.0% | unchanged |"), out);
    }

    @Test
    void aRunNeverRegressesAgainstItself() {
        for (String name : List.of("base", "current")) {
            Fixtures.Result r = cli("compare", run(name).toString(), run(name).toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertFalse(r.out().contains("**"), r.out());
            assertTrue(r.out().contains("\n0 regressed, 0 improved, 11 unchanged ("), r.out());
        }
    }

    @Test
    void aHighThresholdLetsThePlantedPhasePass() {
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString(), "--threshold", "250");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("| urn:orders:getOrder | unmarshal | 1005.1 | 3012.6 | +2007.5 |"
                + " +1993.2 .. +2021.8 | +199.7% | unchanged |"), r.out());
    }

    @Test
    void writesJsonOnlyWhenAsked(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("out").resolve("compare.json");
        Fixtures.Result r = cli("compare", run("base").toString(), run("current").toString(), "--json", json.toString());
        assertEquals(1, r.exit());

        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonReader.parse(Files.readString(json));
        assertEquals(1.0, doc.get("regressed"));
        assertEquals(10.0, doc.get("threshold_pct"));
        assertEquals(20.0, doc.get("floor_us"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> phases = (List<Map<String, Object>>) doc.get("phases");
        Map<String, Object> regressed = phases.stream().filter(p -> p.get("verdict").equals("regressed"))
                .findFirst().orElseThrow();
        assertEquals("urn:orders:getOrder", regressed.get("operation"));
        assertEquals("unmarshal", regressed.get("phase"));
        assertEquals(2007.5, (Double) regressed.get("diff_us"), 1e-9);
        assertEquals(1993.219, (Double) regressed.get("ci95_low_us"), 1e-9);
        assertEquals(200.0, regressed.get("baseline_requests"));
        assertEquals(100.0, regressed.get("current_requests"));

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
    }

    @Test
    void welchIntervalAndVerdictRule() {
        PhaseComparison c = new PhaseComparison("op", "unmarshal", 1000, 100, 100, 1200, 200, 50);
        double half = 1.96 * Math.sqrt(100.0 * 100 / 100 + 200.0 * 200 / 50);
        assertEquals(200, c.diffUs(), 1e-9);
        assertEquals(200 - half, c.lowUs(), 1e-9);
        assertEquals(200 + half, c.highUs(), 1e-9);
        // low = 141.2: above 10% of 1000, not above 15%
        assertEquals(Verdict.REGRESSED, new VerdictRule(10, 20).judge(c));
        assertEquals(Verdict.UNCHANGED, new VerdictRule(15, 20).judge(c));
        assertEquals(Verdict.UNCHANGED, new VerdictRule(10, 250).judge(c));
        PhaseComparison back = new PhaseComparison("op", "unmarshal", 1200, 200, 50, 1000, 100, 100);
        assertEquals(Verdict.IMPROVED, new VerdictRule(10, 20).judge(back));
        // a phase the baseline never entered: any sure growth above the floor regresses
        PhaseComparison fresh = new PhaseComparison("op", "security", 0, 0, 100, 50, 10, 100);
        assertEquals(Verdict.REGRESSED, new VerdictRule(10, 20).judge(fresh));
    }
}
