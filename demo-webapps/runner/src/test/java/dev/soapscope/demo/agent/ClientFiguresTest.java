package dev.soapscope.demo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The client JVM's calls read from its agent's {@code /phases} and {@code /hotspots}, as the agent writes them. */
class ClientFiguresTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One call row; {@code created} proxies built outside calls, {@code reads} single-byte reads inside them. */
    private static ClientFigures read(long calls, long faults, double meanUs, double waitUs, long created, long reads)
            throws Exception {
        JsonNode phases = JSON.readTree("""
                {"operations": [{"operation": "urn:served", "requests": 9, "phases": {}}],
                 "clients": [{"operation": "{q}query", "peer": "127.0.0.1:8080", "requests": %d,
                   "outcomes": {"success": %d, "fault": %d},
                   "called_from": {},
                   "duration_us": {"mean": %s, "p50": 1, "p99": 2},
                   "alloc_bytes_per_request": 4096, "bytes_in_per_request": 200, "bytes_out_per_request": 210,
                   "phases": {"wait": {"mean_us": %s, "share": 0.5, "alloc_bytes": 100, "requests": %d},
                              "soap.parse": {"mean_us": %s, "share": 0.5, "alloc_bytes": 3000, "requests": %d}},
                   "hotspots_per_request": {"stream.single_byte_read": %s}}]}
                """.formatted(calls, calls - faults, faults, meanUs, waitUs, calls, meanUs - waitUs, calls,
                (double) reads / calls));
        JsonNode hotspots = JSON.readTree("""
                {"hotspots": [
                  {"kind": "client.create", "site": "CXF proxy built", "caller": "a.App.send(App.java:12)",
                   "one_off": false, "total": %d, "first_stack": ["a.App.send(App.java:12)"], "operations": [],
                   "per_call": 1.0, "clients": []},
                  {"kind": "stream.single_byte_read", "site": "MIME", "caller": "b.Mime.read(Mime.java:3)",
                   "one_off": false, "total": %d, "first_stack": [], "operations": [],
                   "clients": [{"operation": "{q}query", "peer": "127.0.0.1:8080", "count": %d, "calls": %d,
                                "per_call": %s}]}]}
                """.formatted(created, reads, reads, calls, (double) reads / calls));
        return ClientFigures.parse(phases, hotspots, "client/x");
    }

    @Test
    void theCallsAreTheClientRowsNotTheServedOperations() throws Exception {
        ClientFigures f = read(100, 2, 1000, 600, 100, 300);
        assertEquals(100, f.calls().requests());
        assertEquals(2, f.errors());
        assertEquals(1000, f.calls().durationMeanUs(), 0.01);
        assertEquals(600, f.calls().phases().get("wait").meanUs(), 0.01);
        assertEquals(3.0, f.calls().hotspotsPerRequest().get("stream.single_byte_read"), 0.001);
        assertEquals(1, f.creations().size());
        assertEquals("a.App.send(App.java:12)", f.creations().get(0).callerFrame());
        assertEquals(1.0, f.createdPerCall(), 0.001, "proxies built outside calls, per call");
    }

    @Test
    void theMeasuredCallsAreThoseSinceTheWarmUp() throws Exception {
        // warm-up: 50 calls, one proxy reused; then 200 more calls, one proxy built per call
        ClientFigures warm = read(50, 0, 2000, 1000, 1, 150);
        ClientFigures after = read(250, 0, 1200, 800, 201, 750);
        ClientFigures measured = after.since(warm);
        assertEquals(200, measured.calls().requests());
        assertEquals(1.0, measured.createdPerCall(), 0.001);
        assertEquals(1.0, measured.creations().get(0).perRequest(), 0.001);
        assertEquals((250 * 1200.0 - 50 * 2000.0) / 200, measured.calls().durationMeanUs(), 0.1);
        assertEquals(3.0, measured.calls().hotspotsPerRequest().get("stream.single_byte_read"), 0.001);
        assertEquals(0, read(250, 0, 1200, 800, 1, 750).since(warm).createdPerCall(), 0.0, "reused: none built");
    }

    @Test
    void aJvmThatMadeNoCallHasNoClientFigures() throws Exception {
        JsonNode phases = JSON.readTree("{\"operations\": [], \"clients\": []}");
        assertNull(ClientFigures.parse(phases, JSON.readTree("{\"hotspots\": []}"), "client/x"));
    }

    @Test
    void theWorkloadsOwnFiguresArePerCall() throws Exception {
        ClientFigures f = read(200, 0, 1000, 600, 200, 0).withWorkload(3_000_000_000L, 40_000_000L);
        assertEquals(15_000, f.wallUsPerCall(), 0.01);
        assertEquals(200_000, f.threadAllocBytesPerCall());
        assertEquals(-1, read(200, 0, 1000, 600, 200, 0).withWorkload(1, -1).threadAllocBytesPerCall());
    }
}
