package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.soapscope.bench.Stats;

class SideBySideTest {
    @Test
    void judgesTheWholeIntervalAgainstOnePerCent() {
        assertEquals("met", SideBySide.verdict(new Stats.Interval(1.002, 0.995, 1.009)));
        assertEquals("missed by 2.0 points (at least 0.5)", SideBySide.verdict(new Stats.Interval(1.03, 1.015, 1.046)));
        assertEquals("not resolved: the interval straddles +1%", SideBySide.verdict(new Stats.Interval(1.0, 0.98, 1.02)));
        assertEquals("+3.0% [+1.5%, +4.6%]", SideBySide.added(new Stats.Interval(1.03, 1.015, 1.046)));
    }
}
