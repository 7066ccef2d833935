package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbesTest {
    @Test
    void disablingByNameOrFamily() {
        assertTrue(Probes.isDisabled("regex", List.of("regex")));
        assertTrue(Probes.isDisabled("servlet.javax", List.of("servlet")));
        assertFalse(Probes.isDisabled("servlet.javax", List.of("servlet.jakarta")));
        assertFalse(Probes.isDisabled("streams.javax", List.of("stream")));
    }

    /** A typo in probes.disabled disables nothing: one line says so and lists the names. */
    @Test
    void aDisabledNameThatMatchesNoProbeIsReported() {
        List<String> probes = List.of("servlet.jakarta", "servlet.javax", "regex");
        assertEquals("probes.disabled: 'nonsense' names no probe, so disables nothing; the probes are "
                + "servlet.jakarta, servlet.javax, regex (a family name such as servlet names all of its probes)",
                Probes.unmatched(List.of("regex", "nonsense"), probes));
        assertEquals("probes.disabled: 'serv', 'regex.x' name no probe, so disables nothing; the probes are "
                + "servlet.jakarta, servlet.javax, regex (a family name such as servlet names all of its probes)",
                Probes.unmatched(List.of("serv", "regex.x"), probes));
        assertNull(Probes.unmatched(List.of("servlet", "servlet.javax", "regex"), probes));
        assertNull(Probes.unmatched(List.of(), probes));
        assertNull(Probes.unmatched(List.of("servlet", "streams", "cxf", "cxf-interceptors", "jaxb"), Probes.names()));
    }

    @Test
    void probeNamesAreUnique() {
        List<String> names = Probes.names();
        assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    }

    /** The README's list for probes.disabled names every probe, in the order the agent installs them. */
    @Test
    void theReadmeListsEveryProbe() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("Probe names for `probes.disabled`:");
        assertTrue(start >= 0, "README.md lists the probe names");
        String list = readme.substring(start, readme.indexOf(" (a family name", start));
        List<String> listed = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([a-z0-9.-]+)`").matcher(list);
        while (m.find()) {
            listed.add(m.group(1));
        }
        listed.remove("probes.disabled");
        assertEquals(Probes.names(), listed);
    }
}
