package dev.soapscope.agent;

import dev.soapscope.agent.jfr.FlightRecorderEvents;
import dev.soapscope.agent.probe.Probes;
import dev.soapscope.agent.profiler.ProfilerControl;
import dev.soapscope.agent.traces.TraceBridge;
import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.metrics.History;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.PortGuard;
import dev.soapscope.recorder.Recorder;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Wires the agent together once the recorder is on the bootstrap path. Loaded reflectively by {@link AgentMain}.
 * Nothing here may start a JVM-wide service a container installs itself (java.util.logging, JMX): see
 * {@link DeferredMeters}.
 */
public final class AgentInstaller {
    private AgentInstaller() {
    }

    public static void install(String args, Instrumentation inst, BootstrapJar.Placed recorder) {
        Config config = Config.fromEnvironment(args);
        Log.setLevel(config.logLevel());
        config.reportProblems();
        if (recorder.settingRefused != null) {
            Log.warn("cannot use " + recorder.settingRefused + "; the recorder jar went to "
                    + recorder.jar.getAbsolutePath());
        }
        Recorder.configure(config.recorderSettings());
        Recorder.warnUnservedAfter(config.getInt(ConfigKey.UNSERVED_WARN_SECONDS));
        TraceBridge.install(config, recorder.jar == null ? null : recorder.jar.getParentFile());
        FlightRecorderEvents.install(config);

        final Endpoint endpoint = new Endpoint(new DeferredMeters(), true, history());
        // the filter serves our documents in its webapp, but not the profiling routes
        Recorder.serveEndpointWith(new EndpointBridge(endpoint.withProfiling(false)));

        // on-demand profiles go to java.io.tmpdir, else beside the recorder jar (a read-only temp directory)
        ProfilerControl profiler = new ProfilerControl(config, endpoint,
                recorder.jar == null ? null : recorder.jar.getParentFile());
        String served = "no endpoint (endpoint=false)";
        if (config.getBoolean(ConfigKey.ENDPOINT)) {
            EndpointServer server = startEndpoint(config, endpoint, profiler);
            served = server == null ? "no endpoint (see above)" : "endpoint " + server.url() + "/metrics";
            if (server != null) {
                guardPort(server);
                String open = server.openness();
                if (open != null) {
                    Log.warn(open);
                }
            }
        }
        List<String> installed = Probes.install(inst, config.getList(ConfigKey.PROBES_DISABLED));
        Log.info("agent " + version() + " started: " + served + "; " + recorder.describe() + "; probes: " + installed);
        String continuous = config.get(ConfigKey.PROFILER);
        if (!continuous.isEmpty()) {
            profiler.startContinuous(continuous);
        }
    }

    /**
     * The endpoint as the settings ask, or null. Credentials or TLS that cannot be used leave it unserved (one line):
     * serving it open, or in clear text, is not what the user asked for.
     */
    private static EndpointServer startEndpoint(Config config, Endpoint endpoint, ProfilerControl profiler) {
        Credentials credentials;
        EndpointTls tls;
        try {
            credentials = Credentials.from(config);
            tls = EndpointTls.from(config);
        } catch (IllegalArgumentException bad) {
            Log.warn("cannot serve the endpoint: " + bad.getMessage() + "; recording goes on");
            return null;
        }
        return EndpointServer.start(config.get(ConfigKey.HOST), config.getInt(ConfigKey.PORT), credentials,
                config.getList(ConfigKey.HOSTS_ALLOWED), tls, endpoint, new ProfileRoutes(profiler),
                new ProfileSessionRoutes(new ProfileSessions(profiler)));
    }

    /** The page's recent past: a snapshot every {@link History#INTERVAL_SECONDS}, on a daemon thread. */
    private static History history() {
        final History history = new History(Recorder::aggregates);
        Executors.newSingleThreadScheduledExecutor(new DaemonThreads("soapscope-history")).scheduleWithFixedDelay(() -> {
            try {
                history.sampleIfDue();
            } catch (Throwable e) {
                Log.warnOnce("history", "the page's history stopped taking snapshots", e);
                throw e;
            }
        }, 2, 2, TimeUnit.SECONDS); // checks often, so snapshots stay INTERVAL_SECONDS apart, not twice that
        return history;
    }

    /** Should the application bind the endpoint's port, the endpoint lets it go: the application comes first. */
    private static void guardPort(final EndpointServer server) {
        final String address = server.address();
        PortGuard.guard(server.port(), () -> {
            server.close();
            Log.warn("the application binds port " + server.port() + ", which the endpoint had (" + address
                    + "): the endpoint gives it up and is off; recording goes on; choose a free port with port=N");
        });
    }

    static String version() {
        return BuildInfo.brief();
    }

    /** Lets the servlet filter, which may only share the bootstrap classes with us, serve our documents. */
    private static final class EndpointBridge implements java.util.function.Function<String, String[]> {
        private final Endpoint endpoint;

        EndpointBridge(Endpoint endpoint) {
            this.endpoint = endpoint;
        }

        @Override
        public String[] apply(String path) {
            Endpoint.Response r = endpoint.get(path);
            return new String[] {String.valueOf(r.status), r.contentType, r.body()};
        }
    }
}
