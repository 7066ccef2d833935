package dev.soapscope.filter;

import dev.soapscope.metrics.Endpoint;
import dev.soapscope.metrics.History;
import dev.soapscope.metrics.SoapscopeMeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import dev.soapscope.recorder.Recorder;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The filter's own registry and endpoint, for when no agent serves them: one per class loader, shared by the
 * filters in it and closed when the last of them stops, so a binder never outlives its webapp (a binder on the
 * agent's bootstrap recorder would otherwise keep the webapp's class loader alive).
 */
final class LocalMetrics {
    private static LocalMetrics shared;
    private static int users;

    private final PrometheusMeterRegistry registry;
    private final SoapscopeMeterBinder binder;
    private final Endpoint endpoint;
    /** Takes the page's history snapshots; stopped with the last filter, so no thread outlives the webapp. */
    private final ScheduledExecutorService snapshots;

    private LocalMetrics() {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binder = new SoapscopeMeterBinder();
        binder.bindTo(registry);
        final History history = new History(Recorder::aggregates);
        endpoint = new Endpoint(() -> registry, false, history);
        snapshots = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "soapscope-history");
            t.setDaemon(true);
            return t;
        });
        snapshots.scheduleWithFixedDelay(() -> {
            try {
                history.sampleIfDue();
            } catch (Throwable e) {
                RecorderPort.failed("history", e);
            }
        }, 2, 2, TimeUnit.SECONDS);
    }

    static synchronized LocalMetrics acquire() {
        if (shared == null) {
            shared = new LocalMetrics();
        }
        users++;
        return shared;
    }

    static synchronized void release(LocalMetrics m) {
        if (m == null || m != shared || --users > 0) {
            return;
        }
        shared = null;
        m.snapshots.shutdownNow();
        m.binder.close();
        m.registry.close();
    }

    Endpoint endpoint() {
        return endpoint;
    }
}
