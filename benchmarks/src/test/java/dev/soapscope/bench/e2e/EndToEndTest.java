package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapscope.bench.Stats;
import org.junit.jupiter.api.Test;

class EndToEndTest {
    @Test
    void aVerdictNeedsTheWholeIntervalOnOneSide() {
        assertEquals("met", EndToEnd.verdict(new Stats.Interval(0.995, 0.985, 1.005), 0.02));
        assertTrue(EndToEnd.verdict(new Stats.Interval(0.95, 0.94, 0.96), 0.02).startsWith("missed by 3.0 points"));
        assertEquals("not resolved: the interval (6.0 points wide) straddles 2%",
                EndToEnd.verdict(new Stats.Interval(0.99, 0.96, 1.02), 0.02));
    }
}
