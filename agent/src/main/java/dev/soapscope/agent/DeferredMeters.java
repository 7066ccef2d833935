package dev.soapscope.agent;

import dev.soapscope.metrics.SoapscopeMeterBinder;
import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.Recorder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.util.function.Supplier;

/**
 * The agent's Micrometer registry, made at the first scrape after a request completed (or a call) rather than in premain:
 * Micrometer's static initialization starts {@code java.util.logging}, and a container that installs its own log
 * manager (WildFly's JBoss Modules sets {@code java.util.logging.manager} in its main) must find it not started
 * yet, or it does not boot. Until a request completed {@code /metrics} has nothing to say anyway.
 *
 * <p>The registry reads the recorder when scraped ({@link SoapscopeMeterBinder} on a Prometheus registry): no
 * request waits for it, and requests recorded before it existed are in it.
 */
final class DeferredMeters implements Supplier<PrometheusMeterRegistry> {
    private volatile PrometheusMeterRegistry registry;

    /** The registry, or null while no request has completed. */
    @Override
    public PrometheusMeterRegistry get() {
        PrometheusMeterRegistry r = registry;
        return r != null || !anyRecorded() ? r : create();
    }

    /** A request served, or a call made (a client JVM serves none). */
    private static boolean anyRecorded() {
        Aggregates a = Recorder.aggregates();
        if (a.clients().calls() != 0) {
            return true;
        }
        for (int i = 0; i < a.operations().size(); i++) {
            OperationStats s = a.stats(i);
            if (s != null && s.requests() != 0) {
                return true;
            }
        }
        return false;
    }

    private synchronized PrometheusMeterRegistry create() {
        if (registry == null) {
            PrometheusMeterRegistry r = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            new SoapscopeMeterBinder().bindTo(r);
            registry = r;
        }
        return registry;
    }
}
