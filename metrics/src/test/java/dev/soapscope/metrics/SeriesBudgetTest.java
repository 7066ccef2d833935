package dev.soapscope.metrics;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.config.SeriesBudget;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The series budget holds at the largest setting allowed, whatever names clients send. */
class SeriesBudgetTest {
    private final SoapscopeMeterBinder binder = new SoapscopeMeterBinder();

    @AfterEach
    void unbind() {
        binder.close();
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @Test
    void oneOperationWithEverythingStaysWithinItsShare() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Recorder.configure(RecorderSettings.DEFAULTS);
        binder.bindTo(registry);
        everything("{urn:budget}op");
        String page = scrape(registry);
        int series = 0;
        for (String line : page.split("\n")) {
            if (line.contains("operation=\"{urn:budget}op\"")) {
                series++;
            }
        }
        assertTrue(series > SeriesBudget.PER_OPERATION / 2, "the test touched too little: " + series);
        assertTrue(series <= SeriesBudget.PER_OPERATION, series + " series for one operation, budget says "
                + SeriesBudget.PER_OPERATION);
    }

    @Test
    void theLargestSettingStaysWithinTheBudgetWhateverClientsSend() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Recorder.configure(new RecorderSettings(1_000_000, 256, 8, true)); // clamped to the budget
        binder.bindTo(registry);
        for (int i = 0; i < SeriesBudget.MAX_OPERATIONS + 50; i++) {
            everything("{urn:budget}op" + i);
        }
        for (int i = 0; i < 5_000; i++) { // junk SOAPActions on top
            int token = Recorder.requestStart();
            Naming.nameFromHttp("urn:junk:" + i, "text/xml", "/svc");
            Recorder.requestEnd(token, 200, false);
        }
        Endpoint.Response metrics = new Endpoint(registry).get("/metrics");
        assertEquals(-1, metrics.knownLength(), "/metrics is streamed, not built as one string");
        String page = scrape(registry);
        long series = 0;
        for (String line : page.split("\n")) {
            if (!line.startsWith("#") && !line.isEmpty()) {
                series++;
            }
        }
        assertTrue(series <= SeriesBudget.MAX_SERIES, series + " series");
        assertTrue(page.length() < 8 * 1024 * 1024, page.length() + " bytes");
    }

    @Test
    void settingsPastTheBudgetAreRefusedInOneLine() {
        Properties p = new Properties();
        p.setProperty(ConfigKey.MAX_OPERATIONS.systemProperty(), "10000");
        Config c = Config.load(null, p, Collections.<String, String>emptyMap());
        assertEquals(1, c.problems().size(), c.problems().toString());
        assertTrue(c.problems().get(0).contains("from 1 to " + SeriesBudget.MAX_OPERATIONS), c.problems().get(0));
        assertEquals(100, c.getInt(ConfigKey.MAX_OPERATIONS));
        assertFalse(SeriesBudget.MAX_OPERATIONS < 100, "the default must fit the budget");
        assertFalse(SeriesBudget.MAX_CLIENT_CALLS < 20, "the default must fit the budget");
    }

    @Test
    void oneCallRowWithEverythingStaysWithinItsShare() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Recorder.configure(RecorderSettings.DEFAULTS);
        binder.bindTo(registry);
        everyCall("{urn:budget}call", "budget.example:80");
        int series = 0;
        for (String line : scrape(registry).split("\n")) {
            if (line.contains("peer=\"budget.example:80\"")) {
                series++;
            }
        }
        assertTrue(series > SeriesBudget.PER_CLIENT_CALL / 2, "the test touched too little: " + series);
        assertTrue(series <= SeriesBudget.PER_CLIENT_CALL, series + " series for one call row, budget says "
                + SeriesBudget.PER_CLIENT_CALL);
    }

    @Test
    void callsToManyPeersStayWithinTheClientShare() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Recorder.configure(new RecorderSettings(1, 1_000_000, 256, 8, true)); // clamped to the budget
        binder.bindTo(registry);
        for (int i = 0; i < SeriesBudget.MAX_CLIENT_CALLS + 30; i++) {
            everyCall("{urn:budget}call" + i, "peer" + i + ".example:80");
        }
        long series = 0;
        for (String line : scrape(registry).split("\n")) {
            if (line.startsWith("soapscope_client_")) {
                series++;
            }
        }
        assertTrue(series > SeriesBudget.CLIENT_SERIES / 2, "the test touched too little: " + series);
        assertTrue(series <= SeriesBudget.CLIENT_SERIES, series + " client series");
    }

    /** Named as the stacks name their SOAP faults. */
    private static final class BudgetFault extends RuntimeException {
    }

    /** Every outcome, client phase and hot-spot kind for one call row. */
    private static void everyCall(String operation, String peer) {
        Throwable[] thrown = {null, new BudgetFault(), new java.io.IOException("reset"),
            new java.net.SocketTimeoutException("slow"), new IllegalArgumentException("bug")};
        for (Throwable t : thrown) {
            int token = Calls.clientStart();
            Calls.clientPeer(peer);
            Naming.nameRequest(NameSource.STACK, operation);
            for (Phase p : Phase.values()) {
                Recorder.enter(p);
                Recorder.exit(p);
            }
            for (HotSpotKind k : HotSpotKind.values()) {
                HotSpots.hotspot(k, "budget.site");
            }
            Calls.clientEnd(token, t);
        }
    }

    /** Every outcome, phase and hot-spot kind for one operation the stack named. */
    private static void everything(String operation) {
        int[] statuses = {200, 404, 500, 200};
        for (int s = 0; s < statuses.length; s++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.STACK, operation);
            for (Phase p : Phase.values()) {
                Recorder.enter(p);
                Recorder.exit(p);
            }
            for (HotSpotKind k : HotSpotKind.values()) {
                HotSpots.hotspot(k, "budget.site");
            }
            Streams.writeStart();
            Streams.writeEnd(10);
            Recorder.requestEnd(token, statuses[s], s == 3);
        }
    }

    private static String scrape(PrometheusMeterRegistry registry) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new Endpoint(registry).get("/metrics").writeTo(out);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
