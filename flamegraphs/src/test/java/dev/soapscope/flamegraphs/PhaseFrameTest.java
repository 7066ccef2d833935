package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PhaseFrameTest {
    @Test
    void everyPhaseRoundTrips() {
        for (Phase p : Phase.values()) {
            assertEquals(p, PhaseFrame.parse(PhaseFrame.of(p)));
        }
        assertEquals("[phase:soap.parse]", PhaseFrame.of(Phase.SOAP_PARSE));
    }

    @Test
    void otherFramesAreNoPhase() {
        assertNull(PhaseFrame.parse("java.lang.Thread.run"));
        assertNull(PhaseFrame.parse("[phase:nonsense]"));
        assertNull(PhaseFrame.parse(null));
        assertNull(PhaseFrame.parse(PhaseFrame.NONE));
        assertEquals("[phase:none]", PhaseFrame.NONE);
    }

    @Test
    void prefixesCollapsedStacks() {
        assertEquals("[phase:unmarshal];a;b 3", PhaseFrame.prefix(Phase.UNMARSHAL, "a;b 3"));
    }
}
