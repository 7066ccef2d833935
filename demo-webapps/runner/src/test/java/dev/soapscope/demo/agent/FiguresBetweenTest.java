package dev.soapscope.demo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A scenario on a stack that names requests by their dispatched operation: its figures are the difference between
 * the agent's documents before and after it, summed over its operations (the warm-up's requests left out).
 */
class FiguresBetweenTest {

    private static final List<String> OPS = List.of("{q}query", "{q}getNTuples");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** An operation entry: requests, mean duration, one phase "marshal" with its mean, bytes out per request. */
    private static String op(String name, long requests, double meanUs, double marshalUs, double parseUs, double out,
                             double reads) {
        return String.format(java.util.Locale.ROOT, """
                {"operation":"%s","requests":%d,"outcomes":{"ok":%d},"duration_us":{"mean":%s,"p50":7,"p99":9},
                 "alloc_bytes_per_request":100,"bytes_in_per_request":10,"bytes_out_per_request":%s,
                 "phases":{"marshal":{"mean_us":%s,"p50_us":1,"p99_us":2,"share":0.5,"alloc_bytes":50,"requests":%d},
                           "soap.parse":{"mean_us":%s,"p50_us":1,"p99_us":2,"share":0.5,"alloc_bytes":50,"requests":%d}},
                 "hotspots_per_request":{"stream.single_byte_read":%s}}""", name, requests, requests, meanUs, out,
                marshalUs, requests, parseUs, requests, reads);
    }

    private static JsonNode phases(String... ops) throws Exception {
        return JSON.readTree("{\"operations\":[" + String.join(",", ops) + "]}");
    }

    private static JsonNode hotspots(long batchesCount) throws Exception {
        return JSON.readTree("""
                {"hotspots":[{"kind":"stream.single_byte_read","site":"M#read","first_stack":["a.B.c(B.java:1)"],
                 "operations":[{"operation":"{q}getNTuples","count":%d,"per_request":1.0},
                               {"operation":"other","count":999,"per_request":1.0}]}]}""".formatted(batchesCount));
    }

    @Test
    void theScenariosRequestsAreTheDifferenceSummedOverItsOperations() throws Exception {
        // before: the warm-up's 1 query and 10 batches; after: 1 + 1 queries and 10 + 30 batches
        FiguresBetween.Snapshot before = new FiguresBetween.Snapshot(phases(op("{q}query", 1, 100, 0, 100, 50, 0),
                op("{q}getNTuples", 10, 1000, 500, 500, 2000, 2), op("other", 5, 1, 1, 1, 1, 0)), hotspots(20));
        FiguresBetween.Snapshot after = new FiguresBetween.Snapshot(phases(op("{q}query", 2, 100, 0, 100, 50, 0),
                op("{q}getNTuples", 40, 2000, 1500, 500, 3000, 3), op("other", 500, 1, 1, 1, 1, 0)), hotspots(110));
        AgentFigures f = FiguresBetween.of("mtom/metro", OPS, before, after);
        assertEquals(31, f.requests());
        assertEquals(31, f.outcomes().get("ok"));
        // durations: query 1 x 100, batches 40 x 2000 - 10 x 1000 = 70,000
        assertEquals((100 + 70_000) / 31.0, f.durationMeanUs(), 1e-9);
        // marshal: 40 x 1500 - 10 x 500 = 55,000; soap.parse: 100 + 30 x 500 = 15,100
        assertEquals(55_000 / 31.0, f.phases().get("marshal").meanUs(), 1e-9);
        assertEquals(15_100 / 31.0, f.phases().get("soap.parse").meanUs(), 1e-9);
        assertEquals(55_000 / 70_100.0, f.phases().get("marshal").share(), 1e-9);
        assertEquals(1 + 30, f.phases().get("marshal").requests());
        assertEquals(Math.round((50 + 40 * 3000 - 10 * 2000) / 31.0), f.bytesOutPerRequest());
        // reads: 40 x 3 - 10 x 2 = 100 per the phases document; the sites document says 90 more at the site
        assertEquals(100 / 31.0, f.hotspotsPerRequest().get("stream.single_byte_read"), 1e-9);
        assertEquals(1, f.sites().size());
        assertEquals(90, f.sites().get(0).count());
        assertEquals(List.of("a.B.c(B.java:1)"), f.sites().get(0).firstStack());
        assertEquals(7, f.durationP50Us(), "percentiles are the busiest operation's, warm-up included");
    }

    @Test
    void operationsTheAgentFirstSawDuringTheScenarioCountWhole() throws Exception {
        FiguresBetween.Snapshot before = new FiguresBetween.Snapshot(phases(), JSON.readTree("{\"hotspots\":[]}"));
        FiguresBetween.Snapshot after = new FiguresBetween.Snapshot(phases(op("{q}getNTuples", 4, 10, 5, 5, 1, 0)),
                hotspots(0));
        AgentFigures f = FiguresBetween.of("x", OPS, before, after);
        assertEquals(4, f.requests());
        assertEquals(10, f.durationMeanUs(), 1e-9);
        assertFalse(f.hotspotsPerRequest().containsKey("stream.single_byte_read"), "none counted");
        assertEquals(4, FiguresBetween.requests(after.phases(), OPS));
    }

    @Test
    void noNewRequestsNoFigures() throws Exception {
        FiguresBetween.Snapshot same = new FiguresBetween.Snapshot(phases(op("{q}query", 3, 1, 1, 1, 1, 0)), null);
        assertNull(FiguresBetween.of("x", OPS, same, same));
    }
}
