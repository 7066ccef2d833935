package dev.soapscope.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests recorded through the real recorder, read back from Micrometer and from the endpoint documents. */
class SoapscopeMeterBinderTest {
    private final SoapscopeMeterBinder binder = new SoapscopeMeterBinder();

    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @AfterEach
    void unbind() {
        binder.close();
    }

    @Test
    void requestsPhasesAndHotSpotsBecomeMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        binder.bindTo(registry);
        for (int i = 0; i < 7; i++) {
            request("urn:order", 500);
        }
        request("urn:fail", 500);

        assertEquals(7, registry.get(SoapscopeMeterBinder.REQUEST_DURATION)
                .tags("operation", "urn:order", "outcome", "success").timer().count());
        assertEquals(1, registry.get(SoapscopeMeterBinder.REQUEST_DURATION)
                .tags("operation", "urn:fail", "outcome", "server_error").timer().count());
        assertEquals(7, registry.get(SoapscopeMeterBinder.PHASE_DURATION)
                .tags("operation", "urn:order", "phase", "unmarshal").timer().count());
        assertTrue(registry.get(SoapscopeMeterBinder.PHASE_DURATION)
                .tags("operation", "urn:order", "phase", "unmarshal").timer().totalTime(TimeUnit.MICROSECONDS) > 0);
        assertEquals(7, registry.get(SoapscopeMeterBinder.HOTSPOT_EVENTS)
                .tags("operation", "urn:order", "kind", "factory.create").counter().count());
        assertEquals(7 * 128, registry.get(SoapscopeMeterBinder.REQUEST_BYTES)
                .tags("operation", "urn:order", "direction", "in").summary().totalAmount());
        assertEquals(7, registry.get(SoapscopeMeterBinder.FIRST_BYTE).tags("operation", "urn:order").timer().count());
        double unmarshalBytes = registry.get(SoapscopeMeterBinder.PHASE_ALLOCATED)
                .tags("operation", "urn:order", "phase", "unmarshal").counter().count();
        assertTrue(unmarshalBytes >= 7 * 10_000, "allocated in unmarshal: " + unmarshalBytes);
        // no meter for a phase nobody entered
        assertNull(registry.find(SoapscopeMeterBinder.PHASE_DURATION).tags("phase", "security").timer());
        assertNull(registry.find(SoapscopeMeterBinder.PHASE_ALLOCATED).tags("phase", "security").counter());
    }

    @Test
    void workOutsideRequestsIsNoRequest() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        request("urn:order", 100);
        for (int i = 0; i < 6; i++) { // a CXF one-way message: its work runs on an executor thread
            Recorder.enter(Phase.INVOKE);
            spin(50);
            HotSpots.hotspot(HotSpotKind.UUID_RANDOM, "test.Background.uuid");
            Recorder.exit(Phase.INVOKE);
        }

        String page = MetricsPageTest.scrape(registry);
        long requests = 0;
        for (String line : page.split("\n")) {
            if (line.startsWith("soapscope_request_duration_seconds_count{")) {
                requests += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        assertEquals(1, requests, "request counts summed over operations are the requests served");
        assertFalse(page.contains("operation=\"(no request)\""), page);
        assertTrue(page.contains("soapscope_background_duration_seconds_count{phase=\"invoke\"} 6\n"), page);

        JsonNode phases = new ObjectMapper().readTree(new Endpoint(registry).get("/phases").body());
        assertEquals(1, phases.get("operations").size(), phases.toString());
        assertEquals("urn:order", phases.get("operations").get(0).get("operation").asText());
        JsonNode background = phases.get("background");
        assertEquals(6, background.get("spans").asLong(), phases.toString());
        assertNull(background.get("requests"), "background work is not requests");
        assertTrue(background.get("phases").get("invoke").get("share").asDouble() > 0.5, background.toString());
        assertNull(background.get("hotspots_per_request"), "background spans are no unit to rate hot spots by");
        assertEquals(6, background.get("hotspots").get("uuid.random").asLong(), background.toString());
        assertNull(background.get("hotspots_per_call_made"), "no calls made: no rate per call");
    }

    @Test
    void aClientsCostPaidOutsideItsCallsIsRatedPerCallMadeNotPerSpan() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        for (int i = 0; i < 40; i++) { // start-up: many events, on few spans
            HotSpots.hotspot(HotSpotKind.EXCEPTION_THROWN, "test.Startup.exception");
        }
        for (int i = 0; i < 5; i++) { // a parser factory built before each call, outside its boundary
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "test.Client.factory");
            int call = dev.soapscope.recorder.Calls.clientStart();
            Naming.nameRequest(dev.soapscope.recorder.NameSource.STACK, "{urn:x}get");
            dev.soapscope.recorder.Calls.clientEnd(call, null);
        }

        Endpoint endpoint = new Endpoint(registry);
        JsonNode background = new ObjectMapper().readTree(endpoint.get("/phases").body()).get("background");
        assertNull(background.get("hotspots_per_request"), background.toString());
        assertEquals(40, background.get("hotspots").get("exception.thrown").asLong(), background.toString());
        assertEquals(5, background.get("hotspots").get("factory.create").asLong(), background.toString());
        assertEquals(4, background.get("calls_after_first").asLong(), background.toString());
        // the four built after the first call, over the four calls after it; start-up's exceptions have no rate
        assertEquals(1.0, background.get("hotspots_per_call_made").get("factory.create").asDouble(), 0.001);
        assertNull(background.get("hotspots_per_call_made").get("exception.thrown"), background.toString());

        JsonNode sites = new ObjectMapper().readTree(endpoint.get("/hotspots").body()).get("hotspots");
        for (JsonNode site : sites) {
            if (site.get("site").asText().equals("test.Client.factory")) {
                JsonNode noRequest = site.get("operations").get(0);
                assertEquals(4, noRequest.get("while_calling").asLong(), site.toString());
                assertEquals(1.0, noRequest.get("per_call_made").asDouble(), 0.001, site.toString());
                return;
            }
        }
        throw new AssertionError("no site test.Client.factory in " + sites);
    }

    @Test
    void prometheusHasMicrosecondBuckets() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        request("urn:order", 200);
        String text = new Endpoint(registry).get("/metrics").body();
        assertTrue(text.contains("soapscope_phase_duration_seconds_bucket{le=\"1.0E-6\",operation=\"urn:order\",phase=\"unmarshal\"}")
                || text.contains("soapscope_phase_duration_seconds_bucket{operation=\"urn:order\",phase=\"unmarshal\",le=\"1.0E-6\"}"),
                text);
        assertTrue(text.contains("soapscope_hotspot_events_total{kind=\"factory.create\",operation=\"urn:order\"} 1.0"), text);
    }

    /** A listener (the traces bridge) offers each traced request; only OpenMetrics carries them, on buckets alone. */
    @Test
    void tracedRequestsAreExemplarsOnTheirBucketInOpenMetricsOnly() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        String trace = "0af7651916cd43dd8448eb211c80319c";
        dev.soapscope.recorder.RequestListener tracer = r -> Recorder.offerExemplar(r, trace, "b7ad6b7169203331");
        Recorder.addListener(tracer);
        try {
            request("urn:order", 200);
        } finally {
            Recorder.removeListener(tracer);
        }
        Endpoint endpoint = new Endpoint(registry);
        Endpoint.Response om = endpoint.get("/metrics", "application/openmetrics-text;version=1.0.0,text/plain;q=0.5");
        assertEquals(Endpoint.OPENMETRICS_TEXT, om.contentType);
        java.util.List<String> withExemplar = om.body().lines().filter(l -> l.contains(" # {")).toList();
        assertEquals(1, withExemplar.size(), om.body());
        assertTrue(withExemplar.get(0).startsWith("soapscope_request_duration_seconds_bucket{")
                && withExemplar.get(0).contains("trace_id=\"" + trace + "\""), withExemplar.get(0));
        assertTrue(om.body().endsWith("# EOF\n"), "a complete OpenMetrics document");
        assertFalse(endpoint.get("/metrics").body().contains(trace), "the Prometheus text format has no exemplars");
    }

    @Test
    void endpointDocuments() throws Exception {
        Endpoint endpoint = new Endpoint(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
        for (int i = 0; i < 4; i++) {
            request("urn:order", 200);
        }
        JsonNode phases = new ObjectMapper().readTree(endpoint.get("/phases").body());
        JsonNode op = phases.get("operations").get(0);
        assertEquals("urn:order", op.get("operation").asText());
        assertEquals(4, op.get("requests").asLong());
        double shares = 0;
        double means = 0;
        for (JsonNode p : op.get("phases")) {
            shares += p.get("share").asDouble();
            means += p.get("mean_us").asDouble();
        }
        assertEquals(1.0, shares, 0.001);
        assertEquals(op.get("duration_us").get("mean").asDouble(), means, 0.5);
        assertEquals(1.0, op.get("hotspots_per_request").get("factory.create").asDouble(), 0.0);

        JsonNode hot = new ObjectMapper().readTree(endpoint.get("/hotspots").body()).get("hotspots").get(0);
        assertEquals("factory.create", hot.get("kind").asText());
        assertEquals("test.Factory.newInstance", hot.get("site").asText());
        assertEquals(4, hot.get("operations").get(0).get("count").asLong());
        assertEquals(1.0, hot.get("operations").get(0).get("per_request").asDouble(), 0.0);
        assertEquals(4, hot.get("operations").get(0).get("requests").asLong());
        assertTrue(hot.get("caller").asText().startsWith(getClass().getName() + ".endpointDocuments("), hot.toString());
        assertFalse(hot.get("one_off").asBoolean());
        assertTrue(hot.get("first_stack").get(0).asText().contains(getClass().getName()), hot.toString());
        assertNull(hot.get("operations").get(0).get("first_stack"), "the site's own stack is not repeated");

        // the same factory reached from another caller is a site of its own, with its own first stack
        int token = Recorder.requestStart();
        Naming.nameFromHttp("urn:elsewhere", "text/xml", "/svc");
        createFactoryElsewhere();
        Recorder.requestEnd(token, 200, false);
        JsonNode all = new ObjectMapper().readTree(endpoint.get("/hotspots").body()).get("hotspots");
        assertEquals(2, all.size(), all.toString());
        JsonNode other = all.get(0).get("operations").get(0).get("operation").asText().equals("urn:elsewhere")
                ? all.get(0) : all.get(1);
        assertEquals("test.Factory.newInstance", other.get("site").asText());
        assertEquals(1, other.get("operations").size(), other.toString());
        assertTrue(other.get("first_stack").get(0).asText().contains("createFactoryElsewhere"), other.toString());

        assertEquals(404, endpoint.get("/nope\u0000<script>").status);
        String notFound = endpoint.get("/nope\u0000<script>").body();
        assertTrue(!notFound.contains("nope") && !notFound.contains("<script>"), "nothing the client sent echoed: " + notFound);
        assertEquals(405, Endpoint.methodNotAllowed("DELETE").status);
        assertNotNull(endpoint.get("/").body());
    }

    /** One request with nested phases, 128 bytes read, some written, one factory hot spot. */
    private static void request(String action, long spinMicros) {
        int token = Recorder.requestStart();
        Naming.nameFromHttp(action, "text/xml", "/svc");
        Streams.readStart();
        Streams.readEnd(128, false, null);
        Recorder.enter(Phase.UNMARSHAL);
        MetricsPageTest.sink = new byte[10_000];
        spin(spinMicros);
        HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "test.Factory.newInstance");
        Recorder.exit(Phase.UNMARSHAL);
        Streams.writeStart();
        Streams.writeEnd(64);
        Recorder.requestEnd(token, action.equals("urn:fail") ? 500 : 200, false);
    }

    private static void createFactoryElsewhere() {
        HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "test.Factory.newInstance");
    }

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
