package dev.soapscope.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The CPU time the benchmark's worker threads used per operation ({@value #LABEL}, ns/op): unlike JMH's average time,
 * it does not count the time a thread waited for a CPU, so it stays close to the real cost on a busy machine (other
 * processes still reach it through caches). Per iteration: the workers' thread CPU time over all the operations the
 * iteration ran, its synchronisation phases included.
 */
public final class ThreadCpuProfiler implements InternalProfiler {
    static final String LABEL = "cpu.time.norm";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Map<Long, Long> before = Map.of();

    @Override
    public String getDescription() {
        return "thread CPU time of the benchmark's workers per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = workers();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        long ops = result.getMetadata().getAllOps();
        if (!THREADS.isThreadCpuTimeSupported() || ops == 0) {
            return List.of();
        }
        long used = 0;
        for (Map.Entry<Long, Long> now : workers().entrySet()) {
            used += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        return List.of(new ScalarResult(LABEL, (double) used / ops, "ns/op", AggregationPolicy.AVG));
    }

    /** Thread id to CPU time of JMH's worker threads (named {@code <benchmark>-jmh-worker-N}). */
    private static Map<Long, Long> workers() {
        Map<Long, Long> cpu = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().contains("-jmh-worker-")) {
                long ns = THREADS.getThreadCpuTime(t.getId());
                if (ns >= 0) {
                    cpu.put(t.getId(), ns);
                }
            }
        }
        return cpu;
    }
}
