package dev.soapscope.agent;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.Outcome;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** No registry until a request completes; that first request is counted all the same. */
class DeferredMetersTest {
    @Test
    void theRegistryComesWithTheFirstRequestAndCountsIt() {
        DeferredMeters meters = new DeferredMeters();
        Endpoint endpoint = new Endpoint(meters, true);
        assertNull(meters.get());
        assertEquals("", endpoint.get("/metrics").body(), "nothing recorded, nothing to say");
        assertNull(meters.get(), "a scrape makes no registry");

        meters.onRequest(new Request());
        assertTrue(endpoint.get("/metrics").body()
                .contains("soapscope_request_duration_seconds_count{operation=\"urn:first\",outcome=\"success\"} 1"),
                endpoint.get("/metrics").body());
        meters.onRequest(new Request());
        assertTrue(endpoint.get("/metrics").body()
                .contains("soapscope_request_duration_seconds_count{operation=\"urn:first\",outcome=\"success\"} 2"),
                endpoint.get("/metrics").body());
    }

    private static final class Request implements CompletedRequest {
        public int operationIndex() {
            return 3;
        }

        public String operation() {
            return "urn:first";
        }

        public Outcome outcome() {
            return Outcome.SUCCESS;
        }

        public long totalNanos() {
            return 1_000_000;
        }

        public long allocatedBytes() {
            return 0;
        }

        public long phaseNanos(int phase) {
            return 0;
        }

        public long phaseAllocatedBytes(int phase) {
            return 0;
        }

        public int hotspots(int kind) {
            return 0;
        }

        public long bytesIn() {
            return 10;
        }

        public long bytesOut() {
            return 20;
        }

        public long timeToFirstByteNanos() {
            return -1;
        }
    }
}
