package dev.soapscope.apitest;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one phase and hot-spot vocabulary: tags unique, found by tag, and {@code other} the catch-all. */
class PhaseVocabularyTest {
    @Test
    void loggingAndValidationArePhasesEveryStackShares() {
        assertSame(Phase.LOGGING, Phase.byTag("logging"));
        assertSame(Phase.VALIDATION, Phase.byTag("validation"));
        assertEquals(Phase.values().length, Phase.COUNT);
    }

    @Test
    void tagsAreUniqueAndDescribed() {
        Set<String> tags = new HashSet<>();
        for (Phase p : Phase.values()) {
            assertTrue(tags.add(p.tag()), p.tag());
            assertTrue(p.tag().matches("[a-z.]+"), p.tag());
            assertTrue(!p.description().isEmpty(), p.tag());
        }
        Set<String> kinds = new HashSet<>();
        for (HotSpotKind k : HotSpotKind.values()) {
            assertTrue(kinds.add(k.tag()), k.tag());
            assertTrue(k.tag().matches("[a-z._]+"), k.tag());
        }
        assertTrue(kinds.contains("message.logged"));
    }

    @Test
    void otherStaysLastForTimeNoPhaseClaims() {
        assertSame(Phase.OTHER, Phase.of(Phase.COUNT - 1));
    }
}
