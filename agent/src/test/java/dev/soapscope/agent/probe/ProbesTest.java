package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbesTest {
    @Test
    void disablingByNameOrFamily() {
        assertTrue(Probes.isDisabled("regex", List.of("regex")));
        assertTrue(Probes.isDisabled("servlet.javax", List.of("servlet")));
        assertFalse(Probes.isDisabled("servlet.javax", List.of("servlet.jakarta")));
        assertFalse(Probes.isDisabled("streams.javax", List.of("stream")));
    }

    @Test
    void probeNamesAreUnique() {
        List<String> names = Probes.names();
        assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    }
}
