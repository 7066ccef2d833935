package dev.soapscope.demo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
