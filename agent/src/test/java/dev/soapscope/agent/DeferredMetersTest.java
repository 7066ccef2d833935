package dev.soapscope.agent;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** No registry until a request completes; that first request is counted all the same. */
class DeferredMetersTest {
    @Test
    void theRegistryComesWithTheFirstRequestAndCountsIt() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        DeferredMeters meters = new DeferredMeters();
        Endpoint endpoint = new Endpoint(meters, true);
        assertNull(meters.get());
        assertEquals("", endpoint.get("/metrics").body(), "nothing recorded, nothing to say");
        assertNull(meters.get(), "a scrape makes no registry");

        request();
        assertTrue(endpoint.get("/metrics").body()
                .contains("soapscope_request_duration_seconds_count{operation=\"urn:first\",outcome=\"success\"} 1"),
                endpoint.get("/metrics").body());
        request();
        assertTrue(endpoint.get("/metrics").body()
                .contains("soapscope_request_duration_seconds_count{operation=\"urn:first\",outcome=\"success\"} 2"),
                endpoint.get("/metrics").body());
    }

    /** A batch job's JVM serves nothing: its calls alone make the registry. */
    @Test
    void aClientJvmsCallsMakeTheRegistry() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        DeferredMeters meters = new DeferredMeters();
        Endpoint endpoint = new Endpoint(meters, true);
        HotSpots.hotspot(HotSpotKind.CLIENT_CREATE, "test proxy built"); // outside any call or request
        int token = Calls.clientStart();
        Calls.clientPeer("http://bank.example:8080/pay");
        Naming.nameRequest(NameSource.STACK, "{urn:bank}pay");
        Calls.clientEnd(token, null);
        String page = endpoint.get("/metrics").body();
        assertTrue(page.contains("soapscope_client_call_duration_seconds_count{operation=\"{urn:bank}pay\",outcome=\"success\","
                + "peer=\"bank.example:8080\"} 1"), page);
        // the hot-spot counters see only what happens in a request or a call; this one, every client built
        Matcher built = Pattern.compile("(?m)^soapscope_clients_built_total (\\S+)$").matcher(page);
        assertTrue(built.find() && Double.parseDouble(built.group(1)) >= 1, page);
    }

    private static void request() {
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.STACK, "urn:first");
        Recorder.requestEnd(token, 200, false);
    }
}
