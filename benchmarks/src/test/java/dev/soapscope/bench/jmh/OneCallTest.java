package dev.soapscope.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.Test;

/** The benchmarked call is what it says it is: one named call at its peer, its phases, a hot spot; warm, it allocates nothing. */
class OneCallTest {

    @Test
    void recordsOneCallPerCall() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        for (int i = 0; i < 5; i++) {
            OneCall.call();
        }
        ClientCalls calls = Recorder.aggregates().clients();
        OperationStats stats = null;
        for (int i = 0; i < calls.size(); i++) {
            if (OneCall.OPERATION.equals(calls.operation(i)) && "127.0.0.1:8080".equals(calls.peer(i))) {
                stats = calls.stats(i);
            }
        }
        assertTrue(stats != null, "the call is named and has its peer");
        assertEquals(5, stats.requests());
        for (Phase p : new Phase[] {Phase.MARSHAL, Phase.SOAP_SERIALIZE, Phase.TRANSPORT_WRITE, Phase.WAIT,
            Phase.TRANSPORT_READ, Phase.SOAP_PARSE, Phase.HANDLERS, Phase.UNMARSHAL}) {
            assertEquals(5, stats.phaseSeen(p), p.tag() + " took time in every call");
        }
        assertEquals(5, stats.hotspots(HotSpotKind.FACTORY_CREATE));
        assertEquals(5 * 512, stats.bytesOut());
    }

    @Test
    void aCallThroughItsHandleIsOneCallAndAllocatesOnlyItsHandle() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 10_000; i++) {
            OneCall.callWithHandle();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000; i++) {
            OneCall.callWithHandle();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        ClientCalls calls = Recorder.aggregates().clients();
        long counted = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (calls.stats(i) != null) {
                counted += calls.stats(i).requests();
            }
        }
        assertEquals(11_000, counted, "one call each");
        // the handle (a few fields) and nothing else: no shard list, no recording of its own for a call its thread ends
        assertTrue(allocated < 100 * 1_000, allocated + " bytes allocated by 1,000 calls through a handle");
    }

    @Test
    void aWarmCallAllocatesNothing() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        calls(10_000);
        long allocated = WarmAllocation.least(() -> calls(1_000));
        assertTrue(allocated < WarmAllocation.BOUND, allocated + " bytes allocated by 1,000 calls (8 phases, 3 socket I/O each), in each of 10 rounds");
    }

    /** Hot spots left out, as in OneRequestTest: their callers are walked now and then. */
    private static void calls(int n) {
        for (int i = 0; i < n; i++) {
            OneCall.callWithoutHotSpot();
        }
    }
}
