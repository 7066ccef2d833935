package dev.soapscope.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JmhSuiteTest {
    @Test
    void theTimeVerdictFallsBackOnCpuTimeThenOnTheBestIteration() {
        assertEquals("met", JmhSuite.verdict(new JmhSuite.Row("request", 900, 50, 800, 850, 96)));
        assertEquals("time met in CPU time (700 ns, 300 ns under); the wall-clock mean (500 ns over) includes waiting"
                + " for a CPU", JmhSuite.verdict(new JmhSuite.Row("request", 1500, 500, 1100, 700, 96)));
        assertEquals("time not resolved: the mean is 300 ns over, the best iteration 100 ns under",
                JmhSuite.verdict(new JmhSuite.Row("request", 1300, 500, 900, Double.NaN, 96)));
        assertEquals("time missed by 500 ns (50%), in CPU time by 100 ns; allocation missed by 44 B",
                JmhSuite.verdict(new JmhSuite.Row("request", 1500, 500, 1200, 1100, 300)));
    }
}
