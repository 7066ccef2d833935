package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Recorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A real advised call: {@code Pattern.compile("a")}, which the agent's {@code regex} probe instruments (Byte Buddy
 * advice inlined into {@code java.util.regex.Pattern}, calling the recorder on the bootstrap path). The suite runs it
 * in three JVMs: without the agent, with it, and with it but {@code probes.disabled=regex}; the difference is what
 * one probe hit costs in place, advice and all. The call runs inside an {@link OpenRequest}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AdvisedCallBenchmark {
    static final String EXPECT = "soapscope.bench.expect";

    /** Not a constant, so the call cannot be folded. */
    private String regex = "a";

    /**
     * Fails the run when the JVM is not what the suite asked for ({@value #EXPECT} = none, probe or disabled): an agent
     * that did not start would make the comparison meaningless.
     */
    @TearDown(Level.Trial)
    public void checkSetUp() {
        String expect = System.getProperty(EXPECT, "none");
        boolean agent = Recorder.class.getClassLoader() == null; // the agent puts the recorder on the bootstrap path
        long counted = 0;
        Aggregates a = Recorder.aggregates();
        for (int i = 0; i < a.operations().size(); i++) {
            OperationStats stats = a.stats(i);
            counted += stats == null ? 0 : stats.hotspots(HotSpotKind.REGEX_COMPILE);
        }
        boolean ok = switch (expect) {
            case "probe" -> agent && counted > 0;
            case "disabled" -> agent && counted == 0;
            default -> !agent && counted == 0;
        };
        if (!ok) {
            throw new IllegalStateException("expected " + expect + ", but the recorder is "
                    + (agent ? "on the bootstrap path" : "not on the bootstrap path (no agent)") + " and counted "
                    + counted + " regex.compile events");
        }
    }

    @Benchmark
    public Pattern patternCompile(OpenRequest inside) {
        return Pattern.compile(regex);
    }
}
