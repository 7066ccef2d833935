package dev.soapscope.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JmhSuiteTest {
    @Test
    void theTimeVerdictFallsBackOnCpuTimeThenOnTheBestIteration() {
        assertEquals("met", JmhSuite.verdict(new JmhSuite.Row("request", 450, 50, 400, 420, 0.01)));
        assertEquals("time met in CPU time (450 ns, 50 ns under); the wall-clock mean (300 ns over) includes waiting"
                + " for a CPU", JmhSuite.verdict(new JmhSuite.Row("request", 800, 500, 600, 450, 0.01)));
        assertEquals("time not resolved: the mean is 200 ns over, the best iteration 100 ns under",
                JmhSuite.verdict(new JmhSuite.Row("request", 700, 500, 400, Double.NaN, 0.01)));
        assertEquals("time missed by 500 ns (100%), in CPU time by 100 ns; allocation missed: 89 B per request",
                JmhSuite.verdict(new JmhSuite.Row("request", 1000, 500, 700, 600, 89)));
    }
}
