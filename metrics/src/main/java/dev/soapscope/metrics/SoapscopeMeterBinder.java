package dev.soapscope.metrics;

import dev.soapscope.config.SeriesBudget;
import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The recorder's figures as metrics: {@code new SoapscopeMeterBinder().bindTo(registry)}, with the agent's own
 * registry or an application's. A Prometheus registry reads them from the recorder when scraped
 * ({@link RecorderCollector}): requests cost it nothing. Any other registry gets Micrometer meters fed at every
 * request end, created once per operation and phase and then looked up by index, so recording a request
 * allocates nothing. Tag values come from the
 * recorder's bounded vocabularies and its capped operation table. Work outside any request is no request:
 * it goes to {@link #BACKGROUND_DURATION} and never to the request meters.
 */
public final class SoapscopeMeterBinder implements MeterBinder, RequestListener, AutoCloseable {
    public static final String REQUEST_DURATION = "soapscope.request.duration";
    public static final String PHASE_DURATION = "soapscope.phase.duration";
    public static final String HOTSPOT_EVENTS = "soapscope.hotspot.events";
    /** Bytes allocated inside each phase, a counter: its rate over the request rate is the allocation per request. */
    public static final String PHASE_ALLOCATED = "soapscope.phase.allocated";
    public static final String REQUEST_BYTES = "soapscope.request.bytes";
    public static final String REQUEST_ALLOCATED = "soapscope.request.allocated";
    public static final String FIRST_BYTE = "soapscope.request.first.byte";
    /**
     * Phase self time of work on threads with no request open ({@code (no request)}: work handed to another
     * thread, background jobs), kept out of the request meters so their counts add up to the requests served.
     */
    public static final String BACKGROUND_DURATION = "soapscope.background.duration";
    /** Outgoing SOAP calls (read when scraped only, {@link RecorderCollector}): per operation, outcome and peer. */
    public static final String CLIENT_CALL_DURATION = "soapscope.client.call.duration";
    public static final String CLIENT_PHASE_DURATION = "soapscope.client.phase.duration";
    public static final String CLIENT_HOTSPOT_EVENTS = "soapscope.client.hotspot.events";
    /** Every {@code client.create} event of the JVM, in requests, in calls or outside both (a batch job's). */
    public static final String CLIENTS_BUILT = "soapscope.clients.built";

    static final String REQUEST_HELP = "Wall time of whole requests";
    static final String PHASE_HELP = "Self time of a request phase, per request that entered it (nested phases excluded)";
    static final String HOTSPOT_HELP = "Known hot spots hit inside requests";
    static final String BYTES_HELP = "Body bytes read from the request (in) and written to the response (out)";
    static final String PHASE_ALLOCATED_HELP = "Bytes allocated by the request's thread inside a phase (nested phases excluded)";
    static final String ALLOCATED_HELP = "Bytes allocated by the request's thread while serving it";
    static final String FIRST_BYTE_HELP = "Time from the start of the request to the first response byte written";
    static final String BACKGROUND_HELP = "Self time of a phase in work outside any request (no request count)";
    static final String CLIENT_CALL_HELP = "Wall time of whole outgoing SOAP calls";
    static final String CLIENT_PHASE_HELP = "Self time of a phase of an outgoing SOAP call, per call that entered it (nested phases excluded)";
    static final String CLIENT_HOTSPOT_HELP = "Known hot spots hit inside outgoing SOAP calls";
    static final String CLIENTS_BUILT_HELP = "SOAP clients built (proxies, ports, stubs, templates, HTTP clients), in or "
            + "out of requests and calls";

    /** Histogram buckets from 1 us to 10 s: phases take microseconds, so the usual 5 ms first bucket would hide them. */
    static final Duration[] BUCKETS = buckets();

    private volatile MeterRegistry registry;
    private volatile AtomicReferenceArray<OperationMeters> byOperation = new AtomicReferenceArray<OperationMeters>(0);
    private volatile BackgroundMeters background;
    private volatile PrometheusMeterRegistry scraped;
    private final RecorderCollector collector = new RecorderCollector();

    @Override
    public void bindTo(MeterRegistry registry) {
        if (registry instanceof PrometheusMeterRegistry) {
            scraped = (PrometheusMeterRegistry) registry;
            scraped.getPrometheusRegistry().register(collector);
            return;
        }
        this.registry = registry;
        Recorder.addListener(this);
    }

    @Override
    public void close() {
        Recorder.removeListener(this);
        PrometheusMeterRegistry p = scraped;
        if (p != null) {
            p.getPrometheusRegistry().unregister(collector);
        }
    }

    @Override
    public void onRequest(CompletedRequest r) {
        MeterRegistry reg = registry;
        if (reg == null) {
            return;
        }
        if (r.operationIndex() == OperationTable.NO_REQUEST) {
            background(reg).record(r);
            return;
        }
        OperationMeters m = meters(reg, r.operationIndex(), r.operation());
        m.request(reg, r.outcome()).record(r.totalNanos(), TimeUnit.NANOSECONDS);
        boolean measuresAllocation = r.allocationMeasured(); // not on a virtual thread the JVM cannot count: no false 0
        for (int p = 0; p < Phase.COUNT; p++) {
            long nanos = r.phaseNanos(p);
            long allocated = r.phaseAllocatedBytes(p);
            if (nanos != 0) {
                m.phase(reg, p).record(nanos, TimeUnit.NANOSECONDS);
            }
            if (measuresAllocation && (nanos != 0 || allocated != 0)) { // as the recorder counts a phase entered
                m.phaseAllocated(reg, p).increment(allocated);
            }
        }
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            int n = r.hotspots(k);
            if (n != 0) {
                m.hotspot(reg, k).increment(n);
            }
        }
        m.bytesIn.record(r.bytesIn());
        m.bytesOut.record(r.bytesOut());
        if (measuresAllocation) {
            m.allocated.record(r.allocatedBytes());
        }
        if (r.timeToFirstByteNanos() >= 0) {
            m.firstByte.record(r.timeToFirstByteNanos(), TimeUnit.NANOSECONDS);
        }
    }

    private BackgroundMeters background(MeterRegistry reg) {
        BackgroundMeters b = background;
        if (b == null || b.registry != reg) {
            synchronized (this) {
                if (background == null || background.registry != reg) {
                    background = new BackgroundMeters(reg);
                }
                b = background;
            }
        }
        return b;
    }

    private OperationMeters meters(MeterRegistry reg, int index, String name) {
        AtomicReferenceArray<OperationMeters> table = byOperation;
        if (index >= table.length()) {
            synchronized (this) { // grows once per new capacity, never in steady state
                if (index >= byOperation.length()) {
                    AtomicReferenceArray<OperationMeters> bigger = new AtomicReferenceArray<OperationMeters>(Math.max(index + 1, byOperation.length() * 2));
                    for (int i = 0; i < byOperation.length(); i++) {
                        bigger.set(i, byOperation.get(i));
                    }
                    byOperation = bigger;
                }
                table = byOperation;
            }
        }
        OperationMeters m = table.get(index);
        if (m == null || !m.operation.equals(name)) {
            m = new OperationMeters(reg, name);
            table.set(index, m);
        }
        return m;
    }

    private static Duration[] buckets() {
        long[] micros = SeriesBudget.BUCKET_MICROS;
        Duration[] d = new Duration[micros.length];
        for (int i = 0; i < micros.length; i++) {
            d[i] = Duration.ofNanos(micros[i] * 1000);
        }
        return d;
    }

    /**
     * Meters of work outside requests: phase self time per stretch of work. (Hot spots outside requests are
     * counted by the recorder at once, never handed over as a request: {@code /hotspots} shows them.)
     */
    private static final class BackgroundMeters {
        final MeterRegistry registry;
        final Timer[] phases = new Timer[Phase.COUNT];

        BackgroundMeters(MeterRegistry registry) {
            this.registry = registry;
        }

        void record(CompletedRequest r) {
            for (int p = 0; p < Phase.COUNT; p++) {
                long nanos = r.phaseNanos(p);
                if (nanos == 0) {
                    continue;
                }
                Timer t = phases[p];
                if (t == null) {
                    t = Timer.builder(BACKGROUND_DURATION)
                            .description(BACKGROUND_HELP)
                            .tags("phase", Phase.of(p).tag()).serviceLevelObjectives(BUCKETS).register(registry);
                    phases[p] = t;
                }
                t.record(nanos, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** The meters of one operation; phase, outcome and hot-spot meters are made on first use. */
    private static final class OperationMeters {
        final String operation;
        final Timer[] requests = new Timer[Outcome.COUNT];
        final Timer[] phases = new Timer[Phase.COUNT];
        final Counter[] hotspots = new Counter[HotSpotKind.COUNT];
        final Counter[] phaseAllocated = new Counter[Phase.COUNT];
        final DistributionSummary bytesIn;
        final DistributionSummary bytesOut;
        final DistributionSummary allocated;
        final Timer firstByte;

        OperationMeters(MeterRegistry reg, String operation) {
            this.operation = operation;
            this.bytesIn = bytes(reg, "in");
            this.bytesOut = bytes(reg, "out");
            this.allocated = DistributionSummary.builder(REQUEST_ALLOCATED)
                    .description(ALLOCATED_HELP)
                    .baseUnit("bytes").tags("operation", operation).register(reg);
            this.firstByte = Timer.builder(FIRST_BYTE)
                    .description(FIRST_BYTE_HELP)
                    .tags("operation", operation).serviceLevelObjectives(BUCKETS).register(reg);
        }

        Timer request(MeterRegistry reg, Outcome o) {
            Timer t = requests[o.ordinal()];
            if (t == null) {
                t = Timer.builder(REQUEST_DURATION).description(REQUEST_HELP)
                        .tags("operation", operation, "outcome", o.tag())
                        .serviceLevelObjectives(BUCKETS).register(reg);
                requests[o.ordinal()] = t;
            }
            return t;
        }

        Timer phase(MeterRegistry reg, int p) {
            Timer t = phases[p];
            if (t == null) {
                t = Timer.builder(PHASE_DURATION)
                        .description(PHASE_HELP)
                        .tags("phase", Phase.of(p).tag(), "operation", operation)
                        .serviceLevelObjectives(BUCKETS).register(reg);
                phases[p] = t;
            }
            return t;
        }

        Counter phaseAllocated(MeterRegistry reg, int p) {
            return counter(reg, phaseAllocated, p, PHASE_ALLOCATED, PHASE_ALLOCATED_HELP, "bytes", "phase", Phase.of(p).tag());
        }

        Counter hotspot(MeterRegistry reg, int k) {
            return counter(reg, hotspots, k, HOTSPOT_EVENTS, HOTSPOT_HELP, "events", "kind", HotSpotKind.of(k).tag());
        }

        /** The counter at {@code made[i]}, made and kept there on first use. */
        private Counter counter(MeterRegistry reg, Counter[] made, int i, String name, String help, String unit,
                                String tag, String value) {
            Counter c = made[i];
            if (c == null) {
                c = Counter.builder(name).description(help).baseUnit(unit).tags(tag, value, "operation", operation).register(reg);
                made[i] = c;
            }
            return c;
        }

        private DistributionSummary bytes(MeterRegistry reg, String direction) {
            return DistributionSummary.builder(REQUEST_BYTES)
                    .description(BYTES_HELP)
                    .baseUnit("bytes").tags("operation", operation, "direction", direction).register(reg);
        }
    }
}
