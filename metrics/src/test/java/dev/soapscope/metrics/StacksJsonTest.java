package dev.soapscope.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.recorder.SeenStacks;
import dev.soapscope.recorder.Stack;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URL;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /phases} names the stacks seen, and says so plainly of an operation that touched none. */
class StacksJsonTest {
    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @Test
    void anOperationOnNoKnownStackGetsTheStatementOneOnAStackDoesNot() throws Exception {
        request("/plain", null);
        request("/soap", Phase.UNMARSHAL);
        JsonNode ops = new ObjectMapper().readTree(PhasesJson.render(Recorder.aggregates())).get("operations");
        for (JsonNode op : ops) {
            if (op.get("operation").asText().equals("/plain")) {
                assertEquals(Stack.NONE, op.path("stack").asText(), op.toString());
            } else {
                assertFalse(op.has("stack"), op.toString());
            }
        }
        assertEquals(2, ops.size());
    }

    @Test
    void theStacksSeenAreListedWithVersionAndWhatIsMeasured() throws Exception {
        SeenStacks.seen(Stack.SPRING_WS, new URL("file:/nowhere/spring-ws-core-4.1.0.jar"));
        JsonNode stacks = new ObjectMapper().readTree(PhasesJson.render(Recorder.aggregates())).get("stacks");
        boolean found = false;
        for (JsonNode s : stacks) {
            if (s.get("name").asText().equals("spring-ws")) {
                found = true;
                assertEquals("4.1.0", s.get("version").asText());
                assertEquals("Spring-WS", s.get("title").asText());
                assertEquals(Stack.SPRING_WS.measured(), s.get("measured").asText());
            }
        }
        assertTrue(found, stacks.toString());
    }

    private static void request(String path, Phase phase) {
        int token = Recorder.requestStart();
        Naming.nameFromHttp("", "text/xml", path);
        Streams.readStart();
        Streams.readEnd(128, false, null);
        if (phase != null) {
            Recorder.enter(phase);
            Recorder.exit(phase);
        }
        Streams.writeStart();
        Streams.writeEnd(64);
        Recorder.requestEnd(token, 200, false);
    }
}
