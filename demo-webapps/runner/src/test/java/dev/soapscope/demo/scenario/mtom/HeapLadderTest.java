package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class HeapLadderTest {

    @Test
    void climbsSmallestFirstAndStopsAtTheFirstRungThatWorks() throws InterruptedException {
        List<Integer> tried = new ArrayList<>();
        HeapLadder.Result r = HeapLadder.climb(List.of(512, 64, 256, 128), mb -> {
            tried.add(mb);
            return mb < 256 ? "OutOfMemoryError at " + mb : null;
        });
        assertEquals(List.of(64, 128, 256), tried, "512 is never started once 256 worked");
        assertEquals(256, r.smallestMb());
        assertTrue(r.completed());
        assertEquals(Map.of(64, "OutOfMemoryError at 64", 128, "OutOfMemoryError at 128"), r.failures());
        assertEquals(List.of(64, 128), List.copyOf(r.failures().keySet()));
    }

    @Test
    void noRungWorksIsMinusOneWithEveryReason() throws InterruptedException {
        HeapLadder.Result r = HeapLadder.climb(HeapLadder.RUNGS_MB, mb -> "failed");
        assertEquals(-1, r.smallestMb());
        assertFalse(r.completed());
        assertEquals(List.of(64, 128, 256, 512), List.copyOf(r.failures().keySet()));
    }

    @Test
    void theFirstRungWorkingTriesNothingElse() throws InterruptedException {
        List<Integer> tried = new ArrayList<>();
        HeapLadder.Result r = HeapLadder.climb(HeapLadder.RUNGS_MB, mb -> {
            tried.add(mb);
            return null;
        });
        assertEquals(List.of(64), tried);
        assertEquals(64, r.smallestMb());
        assertTrue(r.failures().isEmpty());
    }
}
