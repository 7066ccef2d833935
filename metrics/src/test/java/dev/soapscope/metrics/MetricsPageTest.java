package dev.soapscope.metrics;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /metrics reads the recorder when scraped, and shows exactly the series (names, labels, help, types, bucket
 * lines) that Micrometer meters fed at every request end showed: {@code metrics-series.txt} is that page, values cut.
 */
class MetricsPageTest {
    /** Keeps the test's allocations from being optimized away. */
    static volatile byte[] sink;

    private final SoapscopeMeterBinder binder = new SoapscopeMeterBinder();

    @AfterEach
    void unbind() {
        binder.close();
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @Test
    void theSeriesAreThoseMicrometerShowed() throws IOException {
        Recorder.configure(RecorderSettings.DEFAULTS);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        for (int s : new int[]{200, 200, 404, 500}) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.STACK, "urn:a");
            Recorder.enter(Phase.UNMARSHAL);
            sink = new byte[10_000];
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "x");
            Recorder.exit(Phase.UNMARSHAL);
            Streams.readStart();
            Streams.readEnd(100, false, null);
            Streams.writeStart();
            Streams.writeEnd(10);
            Recorder.requestEnd(token, s, false);
        }
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.STACK, "urn:b");
        Recorder.requestEnd(token, 200, true);
        Recorder.enter(Phase.INVOKE); // background work
        Recorder.exit(Phase.INVOKE);

        String page = scrape(registry);
        List<String> series = new ArrayList<String>();
        for (String line : page.split("\n")) {
            if (!line.isEmpty()) {
                series.add(line.startsWith("#") ? line : line.substring(0, line.lastIndexOf(' ')));
            }
        }
        assertEquals(expected(), series, page);
        assertTrue(page.contains("soapscope_request_duration_seconds_count{operation=\"urn:a\",outcome=\"success\"} 2\n"), page);
        assertTrue(page.contains("soapscope_request_duration_seconds_bucket{operation=\"urn:a\",outcome=\"success\",le=\"+Inf\"} 2\n"), page);
        assertTrue(page.contains("soapscope_phase_duration_seconds_count{operation=\"urn:a\",phase=\"unmarshal\"} 4\n"), page);
        assertTrue(page.contains("soapscope_hotspot_events_total{kind=\"factory.create\",operation=\"urn:a\"} 4.0\n"), page);
        assertTrue(page.contains("soapscope_request_bytes_sum{direction=\"in\",operation=\"urn:a\"} 400.0\n"), page);
        assertTrue(page.contains("soapscope_request_bytes_max{direction=\"out\",operation=\"urn:a\"} 10.0\n"), page);
        assertTrue(page.contains("soapscope_request_first_byte_seconds_count{operation=\"urn:a\"} 4\n"), page);
        assertTrue(page.contains("soapscope_request_first_byte_seconds_count{operation=\"urn:b\"} 0\n"), page);
        assertTrue(page.contains("soapscope_background_duration_seconds_count{phase=\"invoke\"} 1\n"), page);
        double unmarshalBytes = value(page, "soapscope_phase_allocated_bytes_total{operation=\"urn:a\",phase=\"unmarshal\"}");
        assertTrue(unmarshalBytes >= 4 * 10_000, "allocated in unmarshal: " + unmarshalBytes);
    }

    private static double value(String page, String series) {
        for (String line : page.split("\n")) {
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1));
            }
        }
        throw new AssertionError("no " + series + " in\n" + page);
    }

    /** The page is read from the recorder: requests recorded before the registry was bound are in it. */
    @Test
    void requestsBeforeTheBindingAreCounted() throws IOException {
        Recorder.configure(RecorderSettings.DEFAULTS);
        for (int i = 0; i < 3; i++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.STACK, "urn:early");
            Recorder.requestEnd(token, 200, false);
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder.bindTo(registry);
        String page = scrape(registry);
        assertTrue(page.contains("soapscope_request_duration_seconds_count{operation=\"urn:early\",outcome=\"success\"} 3\n"), page);
    }

    private static List<String> expected() throws IOException {
        try (InputStream in = MetricsPageTest.class.getResourceAsStream("/metrics-series.txt")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
            return Arrays.asList(new String(out.toByteArray(), StandardCharsets.UTF_8).split("\n"));
        }
    }

    static String scrape(PrometheusMeterRegistry registry) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Endpoint(registry).get("/metrics").writeTo(out);
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
