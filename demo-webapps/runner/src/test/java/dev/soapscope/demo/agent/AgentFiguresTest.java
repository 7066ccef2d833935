package dev.soapscope.demo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads the agent's documents as its endpoint writes them (shapes copied from metrics' PhasesJson/HotSpotsJson). */
class AgentFiguresTest {

    private static final String PHASES = """
            {"started_epoch_ms":1,"allocation_measured":true,"operations":[
             {"operation":"urn:soapscope:demo:warmup","requests":300,"outcomes":{"ok":300},
              "duration_us":{"mean":1.0,"p50":1.0,"p99":1.0},"alloc_bytes_per_request":1,"bytes_in_per_request":1,
              "bytes_out_per_request":1,"phases":{},"hotspots_per_request":{}},
             {"operation":"urn:soapscope:demo:payload-caching/saaj","requests":2000,"outcomes":{"ok":1998,"error":2},
              "duration_us":{"mean":2100.5,"p50":1900.0,"p99":6100.0},"alloc_bytes_per_request":2900000,
              "bytes_in_per_request":69000,"bytes_out_per_request":390,
              "phases":{"transport.read":{"mean_us":100.0,"p50_us":90.0,"p99_us":300.0,"share":0.0476,"alloc_bytes":70000,"requests":2000},
                        "soap.parse":{"mean_us":900.0,"p50_us":850.0,"p99_us":2000.0,"share":0.4285,"alloc_bytes":2000000,"requests":2000}},
              "hotspots_per_request":{"factory.create":2.0,"soap.conversion":1.0}}]}
            """;
    private static final String HOTSPOTS = """
            {"hotspots":[
             {"kind":"factory.create","site":"com.sun.xml.messaging.saaj.soap.SOAPDocumentImpl#createDocument","total":4300,
              "first_stack":["a.B.c(B.java:1)","d.E.f(E.java:2)"],
              "operations":[{"operation":"urn:soapscope:demo:warmup","count":300,"per_request":1.0},
                            {"operation":"urn:soapscope:demo:payload-caching/saaj","count":2000,"per_request":1.0}]},
             {"kind":"factory.create","site":"x.Y#z","total":4000,"first_stack":[],
              "operations":[{"operation":"urn:soapscope:demo:payload-caching/saaj","count":4000,"per_request":2.0,
                             "first_stack":["g.H.i(H.java:3)"]},
                            {"operation":"(no request)","count":3,"per_request":null}]}]}
            """;

    @Test
    void readsTheNamedOperationOnly() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode phases = json.readTree(PHASES);
        JsonNode hotspots = json.readTree(HOTSPOTS);
        AgentFigures f = AgentFigures.parse(phases, hotspots, "urn:soapscope:demo:payload-caching/saaj");
        assertEquals(2000, f.requests());
        assertEquals(2, f.outcomes().get("error"));
        assertEquals(2100.5, f.durationMeanUs());
        assertEquals(6100.0, f.durationP99Us());
        assertEquals(2_900_000, f.allocBytesPerRequest());
        assertEquals(69_000, f.bytesInPerRequest());
        assertEquals(List.of("transport.read", "soap.parse"), List.copyOf(f.phases().keySet()));
        assertEquals(new PhaseFigures(900.0, 850.0, 2000.0, 0.4285, 2_000_000, 2000), f.phases().get("soap.parse"));
        assertEquals(2.0, f.hotspotsPerRequest().get("factory.create"));
        assertEquals(2, f.sites().size());
        assertEquals("x.Y#z", f.sites().get(0).site(), "most per request first");
        assertEquals(List.of("a.B.c(B.java:1)", "d.E.f(E.java:2)"), f.sites().get(1).firstStack());
        assertEquals(List.of("g.H.i(H.java:3)"), f.sites().get(0).firstStack(), "the operation's own stack first");
        assertNull(AgentFigures.parse(phases, hotspots, "urn:soapscope:demo:other"));
    }

    /** One operation read after a warm-up and again after the measured requests (Axis2 names both alike). */
    private static AgentFigures snapshot(long requests, double meanUs, double securityUs, long allocBytes,
                                         long cryptoLoads, long conversions) {
        List<HotspotSite> sites = new java.util.ArrayList<>(List.of(new HotspotSite("soap.conversion",
                "OM -> DOOM (Rampart)", conversions, (double) conversions / requests, List.of(),
                "org.apache.rampart.RampartMessageData.<init>(RampartMessageData.java:280)", false)));
        if (cryptoLoads > 0) {
            sites.add(new HotspotSite("crypto.load", "CryptoFactory.getInstance", cryptoLoads,
                    (double) cryptoLoads / requests, List.of(), "RampartUtil.createCrypto(RampartUtil.java:347)", false));
        }
        return new AgentFigures("crypto-cached.getQuote", requests, java.util.Map.of("success", requests), meanUs, 1, 2,
                allocBytes, 3500, 400, java.util.Map.of("security", new PhaseFigures(securityUs, 1, 2,
                        securityUs / meanUs, allocBytes, requests)), java.util.Map.of(), sites);
    }

    @Test
    void theRequestsSinceAnEarlierReadingAreTheDifferenceOfTheTotals() {
        // warm-up: 300 requests, the Crypto loaded once; then 500 more, none loaded, each converted once
        AgentFigures warm = snapshot(300, 2000.0, 1500.0, 300_000, 1, 300);
        AgentFigures all = snapshot(800, 1250.0, 900.0, 200_000, 1, 800);
        AgentFigures measured = all.since(warm);
        assertEquals(500, measured.requests());
        assertEquals(500L, measured.outcomes().get("success"));
        assertEquals((800 * 1250.0 - 300 * 2000.0) / 500, measured.durationMeanUs(), 0.05);
        assertEquals(140_000, measured.allocBytesPerRequest());
        assertEquals((800 * 900.0 - 300 * 1500.0) / 500, measured.phases().get("security").meanUs(), 0.05);
        assertEquals(500, measured.phases().get("security").requests());
        assertEquals(Double.NaN, measured.durationP99Us(), "one histogram for warm-up and measured requests");
        // the site the warm-up hit and the measured requests did not is gone; the others count only the new events
        assertEquals(java.util.Map.of("soap.conversion", 1.0), measured.hotspotsPerRequest());
        assertEquals(1, measured.sites().size());
        assertEquals(500, measured.sites().get(0).count());
        assertEquals(measured, all.since(null).since(warm));
        assertEquals(all, all.since(null));
        assertNull(warm.since(warm), "no requests since");
    }

    // A stack that names requests by their dispatched operations (Metro: a query and its batches): the scenario's
    // figures are those of its operations together, the difference between before and after it.
    private static final List<String> OPS = List.of("{q}query", "{q}getNTuples");

    /** An operation entry: requests, mean duration, phases marshal and soap.parse, bytes out, reads per request. */
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
        return new ObjectMapper().readTree("{\"operations\":[" + String.join(",", ops) + "]}");
    }

    private static JsonNode hotspots(long batchesCount) throws Exception {
        return new ObjectMapper().readTree("""
                {"hotspots":[{"kind":"stream.single_byte_read","site":"M#read","first_stack":["a.B.c(B.java:1)"],
                 "operations":[{"operation":"{q}getNTuples","count":%d,"per_request":1.0},
                               {"operation":"other","count":999,"per_request":1.0}]}]}""".formatted(batchesCount));
    }

    @Test
    void severalOperationsSinceAnEarlierReadingAreTheDifferenceSummedOverThem() throws Exception {
        // before: the warm-up's 1 query and 10 batches; after: 1 + 1 queries and 10 + 30 batches
        AgentFigures before = AgentFigures.parse(phases(op("{q}query", 1, 100, 0, 100, 50, 0),
                op("{q}getNTuples", 10, 1000, 500, 500, 2000, 2), op("other", 5, 1, 1, 1, 1, 0)), hotspots(20),
                "mtom/metro", OPS);
        AgentFigures after = AgentFigures.parse(phases(op("{q}query", 2, 100, 0, 100, 50, 0),
                op("{q}getNTuples", 40, 2000, 1500, 500, 3000, 3), op("other", 500, 1, 1, 1, 1, 0)), hotspots(120),
                "mtom/metro", OPS);
        assertEquals(42, after.requests());
        assertEquals(Double.NaN, after.durationP50Us(), "no percentile of two operations together");
        AgentFigures f = after.since(before);
        assertEquals("mtom/metro", f.operation());
        assertEquals(31, f.requests());
        assertEquals(31, f.outcomes().get("ok"));
        // durations: query 1 x 100, batches 40 x 2000 - 10 x 1000 = 70,000
        assertEquals((100 + 70_000) / 31.0, f.durationMeanUs(), 0.05);
        // marshal: 40 x 1500 - 10 x 500 = 55,000; soap.parse: 100 + 30 x 500 = 15,100; shares of all request time
        assertEquals(55_000 / 31.0, f.phases().get("marshal").meanUs(), 0.05);
        assertEquals(15_100 / 31.0, f.phases().get("soap.parse").meanUs(), 0.05);
        assertEquals(55_000 / 70_100.0, f.phases().get("marshal").share(), 1e-4);
        assertEquals(1 + 30, f.phases().get("marshal").requests());
        // the agent writes whole bytes per request, so a byte either way
        assertEquals((50 + 40 * 3000 - 10 * 2000) / 31.0, f.bytesOutPerRequest(), 1);
        // reads at the site: 120 - 20 of the batches, none of the other operation's
        assertEquals(1, f.sites().size());
        assertEquals(100, f.sites().get(0).count());
        assertEquals(Math.round(100 / 31.0 * 1000) / 1000.0, f.hotspotsPerRequest().get("stream.single_byte_read"));
        assertEquals(List.of("a.B.c(B.java:1)"), f.sites().get(0).firstStack());
        assertEquals(Double.NaN, f.durationP50Us(), "percentiles of the scenario's requests alone are unknown");
    }

    @Test
    void operationsTheAgentFirstSawDuringTheScenarioCountWhole() throws Exception {
        JsonNode none = new ObjectMapper().readTree("{\"hotspots\":[]}");
        assertNull(AgentFigures.parse(phases(), none, "x", OPS));
        AgentFigures after = AgentFigures.parse(phases(op("{q}getNTuples", 4, 10, 5, 5, 1, 0)), none, "x", OPS);
        AgentFigures f = after.since(null);
        assertEquals(4, f.requests());
        assertEquals(10, f.durationMeanUs(), 1e-9);
        assertEquals("x", f.operation());
        assertFalse(f.hotspotsPerRequest().getOrDefault("stream.single_byte_read", 0.0) > 0, "none counted");
    }

    @Test
    void noNewRequestsNoFigures() throws Exception {
        AgentFigures same = AgentFigures.parse(phases(op("{q}query", 3, 1, 1, 1, 1, 0)), null, "x", OPS);
        assertNull(same.since(same));
    }
}
