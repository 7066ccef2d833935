package dev.soapscope.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.recorder.Histogram;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ring behind /history: windows hold what happened after their start, percentiles from bucket differences. */
class HistoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @Test
    void aWindowCountsOnlyRequestsAfterTheSnapshotBeforeIt() throws Exception {
        for (int i = 0; i < 5; i++) {
            request("urn:old", 200, 2_000);
        }
        History history = new History(Recorder::aggregates); // its baseline: the five requests above are before it
        for (int i = 0; i < 9; i++) {
            request("urn:slow", 200, 5_000);
        }
        request("urn:slow", 500, 5_000);
        history.sample();
        for (int i = 0; i < 3; i++) {
            request("urn:fast", 200, 100);
        }

        JsonNode doc = JSON.readTree(HistoryJson.render(history, 5));
        assertEquals(2, doc.get("operations").size(), doc.toPrettyString());
        JsonNode slow = op(doc, "urn:slow");
        assertEquals(10, slow.get("requests").asLong());
        assertEquals(1, slow.get("errors").asLong());
        // every urn:slow request is in the window: its percentiles are those of the operation's own histogram
        Histogram own = stats("urn:slow").totalHistogram();
        assertEquals(own.percentile(0.50) / 1000.0, slow.get("p50_us").asDouble(), 0.1);
        assertEquals(own.percentile(0.99) / 1000.0, slow.get("p99_us").asDouble(), 0.1);
        assertEquals(2, slow.get("series").size(), "one stored snapshot and the live one");
        assertEquals(3, op(doc, "urn:fast").get("requests").asLong());
        assertTrue(doc.toString().indexOf("urn:old") < 0, "requests before the first snapshot are in no window");
    }

    @Test
    void theRingKeepsAnHourAtMost() {
        History history = new History(Recorder::aggregates);
        for (int i = 0; i < History.SLOTS + 20; i++) {
            request("urn:op", 200, 1);
            history.sample();
        }
        List<History.Slot> all = history.window(Integer.MAX_VALUE / 1000);
        assertEquals(History.SLOTS + 1, all.size(), "the stored snapshots and the live one");
    }

    @Test
    void percentileOfBucketsIsTheHistogramsOwn() {
        Histogram h = new Histogram();
        long[] counts = new long[Histogram.buckets()];
        for (long v = 1_000; v < 2_000_000; v = v * 3 / 2) {
            h.record(v);
        }
        for (int i = 0; i < counts.length; i++) {
            counts[i] = h.bucketCount(i);
        }
        assertEquals(h.percentile(0.5), History.percentile(counts, 0.5));
        assertEquals(h.percentile(0.99), History.percentile(counts, 0.99));
    }

    private static dev.soapscope.recorder.OperationStats stats(String name) {
        dev.soapscope.recorder.Aggregates a = Recorder.aggregates();
        for (int i = 0; i < a.operations().size(); i++) {
            if (name.equals(a.operations().name(i))) {
                return a.stats(i);
            }
        }
        throw new AssertionError("no operation " + name);
    }

    private static JsonNode op(JsonNode doc, String name) {
        for (JsonNode op : doc.get("operations")) {
            if (op.get("operation").asText().equals(name)) {
                return op;
            }
        }
        throw new AssertionError("no " + name + " in " + doc.toPrettyString());
    }

    static void request(String action, int status, long spinMicros) {
        int token = Recorder.requestStart();
        Naming.nameFromHttp(action, "text/xml", "/svc");
        long end = System.nanoTime() + spinMicros * 1000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        Recorder.requestEnd(token, status, false);
    }
}
