package dev.soapscope.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianAndRange() {
        assertEquals(2.0, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 2, 3}));
        assertEquals("0.990 (0.950-1.010)", Stats.ratio(new double[] {1.01, 0.95, 0.99}));
        assertEquals("0.990", Stats.ratio(new double[] {0.99}));
    }

    @Test
    void ratioIntervalIsTheGeometricMeanWithStudentsT() {
        Stats.Interval i = Stats.ratioInterval(new double[] {0.98, 1.00, 1.02});
        double logs = Math.log(0.98) + Math.log(1.00) + Math.log(1.02);
        assertEquals(Math.exp(logs / 3), i.estimate(), 1e-12);
        assertTrue(i.low() < i.estimate() && i.estimate() < i.high());
        // sd of the logs ~0.0200, n = 3, t(2) = 4.303: half-width ~0.0497 in log space
        assertEquals(0.0497, Math.log(i.high()) - Math.log(i.estimate()), 0.0005);
        assertEquals("0.990 [0.990, 0.990]", Stats.ratioInterval(new double[] {0.99}).toString());
    }

    @Test
    void markdownTable() {
        String t = new Md("a", "b").row("x|y", 1).toString();
        assertEquals("| a | b |\n| --- | ---: |\n| x\\|y | 1 |\n", t);
    }
}
