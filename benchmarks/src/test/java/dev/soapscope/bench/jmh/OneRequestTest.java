package dev.soapscope.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.Test;

/** The benchmarked request is what it says it is: one named request, every phase entered, three hot spots. */
class OneRequestTest {

    @Test
    void recordsOneFullRequestPerCall() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        for (int i = 0; i < 5; i++) {
            OneRequest.serve();
        }
        Aggregates a = Recorder.aggregates();
        OperationStats stats = null;
        for (int i = 0; i < a.operations().size(); i++) {
            if ("urn:soapscope:demo:payload-caching/axiom-streaming".equals(a.operations().name(i))) {
                stats = a.stats(i);
            }
        }
        assertNotNull(stats, "the request is named from its SOAPAction");
        assertEquals(5, stats.requests());
        assertEquals(5, stats.bytesIn() / 8192);
        assertEquals(5 * 512, stats.bytesOut());
        for (Phase p : Phase.values()) {
            // logging, validation and handlers came later: the benchmarked request stays the one BENCHMARKS.md measured
            if (p != Phase.OTHER && p != Phase.LOGGING && p != Phase.VALIDATION && p != Phase.HANDLERS) {
                assertEquals(5, stats.phaseSeen(p), p.tag() + " took time in every request");
            }
        }
        assertEquals(5, stats.hotspots(HotSpotKind.FACTORY_CREATE));
        assertEquals(5, stats.hotspots(HotSpotKind.SOAP_CONVERSION));
        assertEquals(5, stats.hotspots(HotSpotKind.REGEX_COMPILE));
        assertEquals(0, stats.hotspots(HotSpotKind.STREAM_SINGLE_BYTE_READ));
    }
}
