package dev.soapscope.agent;

import dev.soapscope.metrics.SoapscopeMeterBinder;
import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.util.function.Supplier;

/**
 * The agent's Micrometer registry, made when the first request completes rather than in premain: Micrometer's
 * static initialization starts {@code java.util.logging}, and a container that installs its own log manager
 * (WildFly's JBoss Modules sets {@code java.util.logging.manager} in its main) must find it not started yet, or it
 * does not boot. Until then {@code /metrics} has nothing to say anyway: the binder makes series per request.
 *
 * <p>It listens from premain on and hands each request to the binder, the first one included; the lock is taken
 * only until the registry exists, then a request costs one volatile read.
 */
final class DeferredMeters implements RequestListener, Supplier<PrometheusMeterRegistry> {
    private volatile SoapscopeMeterBinder binder;
    private volatile PrometheusMeterRegistry registry;

    /** Starts listening to the recorder; makes nothing Micrometer yet. */
    static DeferredMeters listening() {
        DeferredMeters meters = new DeferredMeters();
        Recorder.addListener(meters);
        return meters;
    }

    @Override
    public void onRequest(CompletedRequest request) {
        SoapscopeMeterBinder b = binder;
        if (b == null) {
            b = create();
        }
        b.onRequest(request);
    }

    /** The registry, or null before the first request completed. */
    @Override
    public PrometheusMeterRegistry get() {
        return registry;
    }

    private synchronized SoapscopeMeterBinder create() {
        if (binder == null) {
            PrometheusMeterRegistry r = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            SoapscopeMeterBinder b = new SoapscopeMeterBinder();
            b.meterInto(r);
            registry = r;
            binder = b;
        }
        return binder;
    }
}
