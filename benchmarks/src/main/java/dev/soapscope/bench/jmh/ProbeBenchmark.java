package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * One probe hit, as the advice inlines it: the recorder calls of a phase probe ({@code enter}/{@code exit}), of a
 * hot-spot probe ({@code callStart}/{@code callEnd}, at a known site) and of a stream probe
 * ({@code readStart}/{@code readEnd}), each inside an {@link OpenRequest} (the usual case: probes fire inside a
 * request). {@code baseline} is JMH's own cost of an empty call; {@code clockRead} and
 * {@code allocationCounterRead} are what each phase switch reads (the floor under every figure here).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeBenchmark {
    private static final int PHASE = Phase.UNMARSHAL.ordinal();
    private static final int KIND = HotSpotKind.FACTORY_CREATE.ordinal();
    private static final String SITE = "javax.xml.stream.XMLInputFactory.newInstance";

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Benchmark
    public void baseline() {
        // the cost of calling an empty benchmark method
    }

    /** What every phase switch pays at least once: the recorder reads the clock at each switch. */
    @Benchmark
    public long clockRead() {
        return System.nanoTime();
    }

    /** What every phase switch also pays with {@code allocation=true}: the thread's allocation counter. */
    @Benchmark
    public long allocationCounterRead() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    @Benchmark
    public void phaseEnterExit(OpenRequest inside) {
        Recorder.enter(PHASE);
        Recorder.exit(PHASE);
    }

    @Benchmark
    public void hotspotCallStartEnd(OpenRequest inside) {
        HotSpots.callStart(KIND);
        HotSpots.callEnd(KIND, SITE);
    }

    @Benchmark
    public void streamReadStartEnd(OpenRequest inside) {
        Streams.readStart();
        Streams.readEnd(8192, false, null);
    }
}
