package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class DemoServerTest {
    /** The agent's own start is read from its start line as the servers guide shows it (the agent's tests check it prints that). */
    @Test
    void theAgentsOwnStartIsReadFromItsStartLine() throws Exception {
        String documented = Files.readAllLines(Path.of("..", "docs", "servers.md")).stream()
                .filter(l -> l.startsWith("[soapscope] INFO agent ") && l.contains(" started: "))
                .findFirst().orElseThrow(() -> new AssertionError("no start line in docs/servers.md"));
        assertEquals(183, DemoServer.agentStartMillis(documented));
        assertTrue(Double.isNaN(DemoServer.agentStartMillis("Started EchoApplication in 2.1 seconds")));
        assertTrue(Double.isNaN(DemoServer.agentStartMillis("[soapscope] INFO agent 0.4.0 started: endpoint x; probes: []")));
    }

    /** A start whose line came after the application's is left out of the summary, not a NaN in it. */
    @Test
    void theSummaryLeavesOutStartsWhoseLineCameLate() {
        assertEquals("180 ms (170-190)", DemoServer.agentStartSummary(new double[] {170, Double.NaN, 180, 190}));
        assertTrue(DemoServer.agentStartSummary(new double[] {Double.NaN}).startsWith("n/a"));
    }
}
