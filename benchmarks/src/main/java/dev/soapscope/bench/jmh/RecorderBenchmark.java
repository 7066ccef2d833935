package dev.soapscope.bench.jmh;

import dev.soapscope.metrics.SoapscopeMeterBinder;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.recorder.SegmentSink;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The recorder's cost per request: {@link OneRequest#serve()} (open, name, ten phase switches each way, two reads, a
 * write, three hot spots, close and aggregate), and {@link OneRequest#serveEmpty()} (open, name, close: what every
 * request pays whatever its phases). Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes
 * allocated per request.
 *
 * <ul>
 *   <li>{@code recorder}: the defaults (per-phase allocation measured: one thread-counter read per switch);</li>
 *   <li>{@code recorder-noalloc}: {@code allocation=false};</li>
 *   <li>{@code recorder+metrics}: the defaults plus the agent's metrics, {@code SoapscopeMeterBinder} bound to a
 *       Prometheus registry: it reads the recorder's aggregates when scraped, so it should cost a request nothing
 *       (before issue 16 it fed Micrometer timers at every request end: 1.2 us);</li>
 *   <li>{@code recorder+sink}: the defaults with a segment sink installed that does nothing. With no recording
 *       running the agent installs none ({@code recorder} is that state: the hook is one read of a null field per
 *       switch); this is what the hook's dispatch adds before the profiler's own span calls.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RecorderBenchmark {

    @Param({"recorder", "recorder-noalloc", "recorder+metrics", "recorder+sink"})
    public String mode;

    private SoapscopeMeterBinder binder;

    @Setup(Level.Trial)
    public void configure() {
        Recorder.configure(new RecorderSettings(100, 256, 8, !mode.equals("recorder-noalloc")));
        if (mode.equals("recorder+metrics")) {
            binder = new SoapscopeMeterBinder();
            binder.bindTo(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
        }
        Recorder.setSegmentSink(mode.equals("recorder+sink") ? new DoNothingSink() : null);
    }

    /** A sink as cheap as one can be: what remains is the hook's own dispatch. */
    static final class DoNothingSink implements SegmentSink {
        private long next = 1;

        @Override
        public long start(long nanoTime) {
            return next++;
        }

        @Override
        public void end(long start, long nanoTime, int phase) {
            // nothing: a profiler would write a span here
        }
    }

    @Benchmark
    public void request() {
        OneRequest.serve();
    }

    /** A SOAP call the JVM makes ({@link OneCall}): its own recording, as a served request has. */
    @Benchmark
    public void clientCall() {
        OneCall.call();
    }

    /** The same call through a handle, as CXF's calls go ({@link OneCall#callWithHandle}); no hot spot. */
    @Benchmark
    public Object clientCallWithHandle() {
        return OneCall.callWithHandle();
    }

    /** The fixed part: open, name and close a request that enters no phase (only {@code other}). */
    @Benchmark
    public void emptyRequest() {
        OneRequest.serveEmpty();
    }
}
