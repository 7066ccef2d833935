package dev.soapscope.metrics;

import dev.soapscope.config.SeriesBudget;
import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.Exemplar;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.Histogram;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * The recorder's aggregates as Prometheus series, read when scraped: a request costs the metrics nothing. The
 * series are the ones {@link SoapscopeMeterBinder} makes as Micrometer meters in other registries (same names,
 * labels, help, bucket bounds, and a {@code _max} per timer and summary), so a dashboard sees no difference.
 */
final class RecorderCollector implements MultiCollector {
    private static final double[] BOUNDS = bounds();

    @Override
    public MetricSnapshots collect() {
        Aggregates a = Recorder.aggregates();
        OperationTable ops = a.operations();
        Family request = new Family(SoapscopeMeterBinder.REQUEST_DURATION, SoapscopeMeterBinder.REQUEST_HELP);
        Family phase = new Family(SoapscopeMeterBinder.PHASE_DURATION, SoapscopeMeterBinder.PHASE_HELP);
        Family background = new Family(SoapscopeMeterBinder.BACKGROUND_DURATION, SoapscopeMeterBinder.BACKGROUND_HELP);
        Family firstByte = new Family(SoapscopeMeterBinder.FIRST_BYTE, SoapscopeMeterBinder.FIRST_BYTE_HELP);
        Family bytes = new Family(SoapscopeMeterBinder.REQUEST_BYTES, SoapscopeMeterBinder.BYTES_HELP);
        Family allocated = new Family(SoapscopeMeterBinder.REQUEST_ALLOCATED, SoapscopeMeterBinder.ALLOCATED_HELP);
        Counters hotspots = new Counters(prometheusName(SoapscopeMeterBinder.HOTSPOT_EVENTS), SoapscopeMeterBinder.HOTSPOT_HELP);
        Counters phaseAllocated = new Counters(prometheusName(SoapscopeMeterBinder.PHASE_ALLOCATED) + "_bytes",
                SoapscopeMeterBinder.PHASE_ALLOCATED_HELP);
        boolean measuresAllocation = a.measuresAllocation();
        for (int i = 0; i < ops.size(); i++) {
            OperationStats s = a.stats(i);
            if (s == null || s.requests() == 0) {
                continue;
            }
            if (i == OperationTable.NO_REQUEST) {
                for (Phase p : Phase.values()) {
                    background.timer(Labels.of("phase", p.tag()), s.phaseHistogram(p), s.phaseNanos(p), s.phaseMaxNanos(p));
                }
                continue;
            }
            String op = ops.name(i);
            for (Outcome o : Outcome.values()) { // a side's own outcomes and phases: what its series budget counts
                if (!o.onServer()) {
                    continue;
                }
                request.timer(Labels.of("operation", op, "outcome", o.tag()), s.outcomeHistogram(o), s.outcomeNanos(o),
                        s.outcomeMaxNanos(o), exemplars(s, o));
            }
            for (Phase p : Phase.values()) {
                if (!p.onServer()) {
                    continue;
                }
                Labels labels = Labels.of("operation", op, "phase", p.tag());
                Histogram h = s.phaseHistogram(p);
                phase.timer(labels, h, s.phaseNanos(p), s.phaseMaxNanos(p));
                // a line beside each phase timer's, over the requests whose allocation the JVM counted (none: no line)
                if (measuresAllocation && s.allocMeasuredRequests() != 0 && h != null && h.count() != 0) {
                    phaseAllocated.add(labels, s.phaseAllocatedBytes(p));
                }
            }
            for (HotSpotKind k : HotSpotKind.values()) {
                long n = s.hotspots(k);
                if (n != 0) {
                    hotspots.add(Labels.of("kind", k.tag(), "operation", op), n);
                }
            }
            firstByte.timerAlways(Labels.of("operation", op), s.firstByteHistogram(), s.firstByteNanos(), s.firstByteMaxNanos());
            bytes.summary(Labels.of("operation", op, "direction", "in"), s.requests(), s.bytesIn(), s.bytesInMax());
            bytes.summary(Labels.of("operation", op, "direction", "out"), s.requests(), s.bytesOut(), s.bytesOutMax());
            if (s.allocMeasuredRequests() != 0) { // its count is the requests measured, so its mean is a true one
                allocated.summary(Labels.of("operation", op), s.allocMeasuredRequests(), s.allocatedBytes(),
                        s.allocatedBytesMax());
            }
        }
        List<MetricSnapshot> all = new ArrayList<MetricSnapshot>();
        clients(a.clients(), all);
        clientsBuilt(a, all);
        background.addTo(all);
        hotspots.addTo(all);
        phaseAllocated.addTo(all);
        phase.addTo(all);
        allocated.addTo(all);
        bytes.addTo(all);
        request.addTo(all);
        firstByte.addTo(all);
        return new MetricSnapshots(all);
    }

    /** The traced requests kept per bucket of an operation's outcome ({@link Exemplar}); empty without a tracer. */
    private static Exemplars exemplars(OperationStats s, Outcome o) {
        List<io.prometheus.metrics.model.snapshots.Exemplar> kept = null;
        for (int b = 0; b < Exemplar.BUCKETS; b++) {
            Exemplar e = s.exemplar(o, b);
            if (e != null) {
                if (kept == null) {
                    kept = new ArrayList<io.prometheus.metrics.model.snapshots.Exemplar>();
                }
                kept.add(io.prometheus.metrics.model.snapshots.Exemplar.builder().value(e.nanos() / 1e9)
                        .traceId(e.traceId()).spanId(e.spanId()).timestampMillis(e.epochMillis()).build());
            }
        }
        return kept == null ? Exemplars.EMPTY : Exemplars.of(kept);
    }

    /** The calls this JVM made: per operation and peer, a timer per outcome, a timer per phase, hot-spot counters. */
    private static void clients(ClientCalls calls, List<MetricSnapshot> all) {
        Family call = new Family(SoapscopeMeterBinder.CLIENT_CALL_DURATION, SoapscopeMeterBinder.CLIENT_CALL_HELP);
        Family phase = new Family(SoapscopeMeterBinder.CLIENT_PHASE_DURATION, SoapscopeMeterBinder.CLIENT_PHASE_HELP);
        Counters hotspots = new Counters(prometheusName(SoapscopeMeterBinder.CLIENT_HOTSPOT_EVENTS),
                SoapscopeMeterBinder.CLIENT_HOTSPOT_HELP);
        for (int i = 0; i < calls.size(); i++) {
            OperationStats s = calls.stats(i);
            if (s == null || s.requests() == 0) {
                continue;
            }
            String op = calls.operation(i);
            String peer = calls.peer(i);
            for (Outcome o : Outcome.values()) {
                if (!o.onClient()) {
                    continue;
                }
                call.timer(Labels.of("operation", op, "outcome", o.tag(), "peer", peer), s.outcomeHistogram(o),
                        s.outcomeNanos(o), s.outcomeMaxNanos(o));
            }
            for (Phase p : Phase.values()) {
                if (!p.onClient()) {
                    continue;
                }
                phase.timer(Labels.of("operation", op, "peer", peer, "phase", p.tag()), s.phaseHistogram(p),
                        s.phaseNanos(p), s.phaseMaxNanos(p));
            }
            for (HotSpotKind k : HotSpotKind.values()) {
                long n = s.hotspots(k);
                if (n != 0) {
                    hotspots.add(Labels.of("kind", k.tag(), "operation", op, "peer", peer), n);
                }
            }
        }
        call.addTo(all);
        phase.addTo(all);
        hotspots.addTo(all);
    }

    /**
     * {@code soapscope_clients_built_total}: every client built, wherever (the hot-spot counters see only those built in
     * a request or a call), so that clients built per call show over the calls of a JVM that only makes calls.
     */
    private static void clientsBuilt(Aggregates a, List<MetricSnapshot> all) {
        long built = 0;
        for (HotSpotSite site : a.sites().all()) {
            if (site.kind() == HotSpotKind.CLIENT_CREATE && !site.oneOff()) {
                built += site.total();
            }
        }
        if (built > 0) {
            Counters counter = new Counters(prometheusName(SoapscopeMeterBinder.CLIENTS_BUILT),
                    SoapscopeMeterBinder.CLIENTS_BUILT_HELP);
            counter.add(Labels.EMPTY, built);
            counter.addTo(all);
        }
    }

    /** What Micrometer's Prometheus naming makes of a meter name and its base unit. */
    private static String prometheusName(String meterName) {
        return meterName.replace('.', '_');
    }

    private static double[] bounds() {
        long[] micros = SeriesBudget.BUCKET_MICROS;
        double[] b = new double[micros.length + 1];
        for (int i = 0; i < micros.length; i++) {
            b[i] = micros[i] / 1e6;
        }
        b[micros.length] = Double.POSITIVE_INFINITY;
        return b;
    }

    /** One counter family, there once it has a series. */
    private static final class Counters {
        private final CounterSnapshot.Builder counter;
        private boolean any;

        Counters(String name, String help) {
            this.counter = CounterSnapshot.builder().name(name).help(help);
        }

        void add(Labels labels, long value) {
            counter.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build());
            any = true;
        }

        void addTo(List<MetricSnapshot> all) {
            if (any) {
                all.add(counter.build());
            }
        }
    }

    /** One metric family (a histogram or a summary) and its {@code _max} gauge, filled series by series. */
    private static final class Family {
        private final String name;
        private final String help;
        private final HistogramSnapshot.Builder histogram;
        private final SummarySnapshot.Builder summary;
        private final GaugeSnapshot.Builder max;
        private boolean any;

        Family(String meterName, String help) {
            boolean bytes = meterName.equals(SoapscopeMeterBinder.REQUEST_BYTES)
                    || meterName.equals(SoapscopeMeterBinder.REQUEST_ALLOCATED);
            this.name = prometheusName(meterName) + (meterName.equals(SoapscopeMeterBinder.REQUEST_BYTES) ? ""
                    : bytes ? "_bytes" : "_seconds");
            this.help = help;
            this.histogram = bytes ? null : HistogramSnapshot.builder().name(name).help(help);
            this.summary = bytes ? SummarySnapshot.builder().name(name).help(help) : null;
            this.max = GaugeSnapshot.builder().name(name + "_max").help(help);
        }

        /** A timer series, there once anything was recorded into it. */
        void timer(Labels labels, Histogram h, long sumNanos, long maxNanos) {
            timer(labels, h, sumNanos, maxNanos, Exemplars.EMPTY);
        }

        /** A timer series with its buckets' exemplars (written in the OpenMetrics format only). */
        void timer(Labels labels, Histogram h, long sumNanos, long maxNanos, Exemplars exemplars) {
            if (h != null && h.count() != 0) {
                timerAlways(labels, h, sumNanos, maxNanos, exemplars);
            }
        }

        /** A timer series, there even before anything was recorded (made with its operation, as the first-byte timer). */
        void timerAlways(Labels labels, Histogram h, long sumNanos, long maxNanos) {
            timerAlways(labels, h, sumNanos, maxNanos, Exemplars.EMPTY);
        }

        private void timerAlways(Labels labels, Histogram h, long sumNanos, long maxNanos, Exemplars exemplars) {
            long[] counts = h.metricsBuckets();
            histogram.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(labels)
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts)).sum(sumNanos / 1e9)
                    .exemplars(exemplars).build());
            maxPoint(labels, maxNanos / 1e9);
        }

        void summary(Labels labels, long count, long sum, long maxValue) {
            summary.dataPoint(SummarySnapshot.SummaryDataPointSnapshot.builder().labels(labels).count(count).sum(sum).build());
            maxPoint(labels, maxValue);
        }

        private void maxPoint(Labels labels, double value) {
            max.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build());
            any = true;
        }

        void addTo(List<MetricSnapshot> all) {
            if (!any) {
                return;
            }
            all.add(histogram != null ? histogram.build() : summary.build());
            all.add(max.build());
        }
    }
}
