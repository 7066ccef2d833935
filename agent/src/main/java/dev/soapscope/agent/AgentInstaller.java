package dev.soapscope.agent;

import dev.soapscope.agent.jfr.FlightRecorderEvents;
import dev.soapscope.agent.probe.Probes;
import dev.soapscope.agent.probe.WeaveCache;
import dev.soapscope.agent.profiler.ProfilerControl;
import dev.soapscope.agent.traces.TraceBridge;
import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.metrics.History;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.StackWalk;

import java.io.File;
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

    /** @param began {@code System.nanoTime()} as the agent's start began: the start line says how long it held the JVM */
    public static void install(String args, Instrumentation inst, BootstrapJar.Placed recorder, long began) {
        // the recorder's first aggregates ask the JVM for its thread allocation counter (JMX's thread bean, about 18
        // ms): made ready on a thread of their own while this one loads the probes' classes. Premain's few runnables
        // are classes, not lambdas: a JVM's first lambdas cost its start about a millisecond each to spin.
        Thread ready = new Thread(new Runnable() {
            @Override
            public void run() {
                try {
                    Recorder.aggregates();
                } catch (Throwable e) {
                    // this thread's first use of the recorder below fails too, and says why
                }
            }
        }, "soapscope-ready");
        ready.setDaemon(true);
        ready.start();
        Probes.names();
        Config config = Config.fromEnvironment(args);
        Log.setLevel(config.logLevel());
        config.reportProblems();
        if (recorder.settingRefused != null) {
            Log.warn("cannot use " + recorder.settingRefused + "; the recorder jar went to "
                    + recorder.jar.getAbsolutePath());
        }
        if (recorder.weaver != null) {
            Log.debug("the recorder and the probes' classes on the bootstrap path: " + recorder.weaver);
        } else if (recorder.weaverLeft != null) {
            Log.debug("the probes' classes load from the agent jar, not the bootstrap path: " + recorder.weaverLeft);
        }
        EndpointStart endpoint = config.getBoolean(ConfigKey.ENDPOINT) ? new EndpointStart(config.getInt(ConfigKey.PORT)) : null;
        final File weaveCache = weaveCache(config, recorder);
        // the recorder is configured once the probes are ready to weave, not before: by then the ready thread has
        // initialized it (this thread waited about 15 ms for that when it came first)
        List<String> installed = Probes.install(inst, config.getList(ConfigKey.PROBES_DISABLED), weaveCache,
                OwnJar.jar(), new Runnable() {
                    @Override
                    public void run() {
                        Recorder.configure(config.recorderSettings());
                        Recorder.warnUnservedAfter(config.getInt(ConfigKey.UNSERVED_WARN_SECONDS));
                        walkStacksDirectly();
                    }
                });
        final boolean profiling = !config.get(ConfigKey.PROFILER).isEmpty();
        // premain's end; profiling from the start, premain binds the endpoint too: then the start line's own moment
        final long ended = profiling ? 0 : System.nanoTime();
        Runnable serve = new Runnable() {
            @Override
            public void run() {
                serve(config, recorder, weaveCache, endpoint, installed, began, ended);
            }
        };
        if (profiling) {
            boolean paused = Recorder.agentWorkStart(); // the agent's bind, not the application's (PortGuard)
            try {
                serve.run(); // profiling from the start: here, before the application's first line, as asked
            } finally {
                Recorder.agentWorkEnd(paused);
            }
            return;
        }
        // recording is in place: what serves it starts beside the application, not before it
        final Thread start = new DaemonThreads("soapscope-start").newThread(serve);
        start.start();
        // a JVM that ends at once (a short job) still says the agent started, or why its endpoint did not
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                awaitStart(start);
            }
        }, "soapscope-start-wait"));
    }

    /**
     * Where woven classes are kept for later starts of this very agent jar: beside the recorder jar, when that went into
     * a directory of this user's alone; null when it did not, or when {@code weave.cache} is false.
     */
    static File weaveCache(Config config, BootstrapJar.Placed recorder) {
        File dir = recorder.privateDirectory();
        if (dir == null || !config.getBoolean(ConfigKey.WEAVE_CACHE)) {
            return null;
        }
        File jar = OwnJar.location();
        // the build, and the jar itself: a rebuilt jar of the same commit (a developer's) weaves afresh
        String build = BuildInfo.full() + (jar == null ? "" : " " + jar.getAbsolutePath() + " " + jar.length() + " "
                + jar.lastModified());
        return WeaveCache.directory(dir, build);
    }

    /**
     * Hot spots' callers found by calling {@code StackWalker} directly, on Java 11 and later: a class the multi-release
     * jar holds for them. Elsewhere the recorder reaches it through method handles (Java 9, 10) or a stack trace (8).
     */
    private static void walkStacksDirectly() {
        if (System.getProperty("java.specification.version", "1.8").startsWith("1.")) {
            return; // Java 8
        }
        try {
            Class<?> walk = Class.forName(DIRECT_STACK_WALK, true, AgentInstaller.class.getClassLoader());
            Recorder.walkStacksWith((StackWalk) walk.getDeclaredConstructor().newInstance());
        } catch (Throwable e) {
            Log.debug("hot spots' callers are found through method handles: " + e); // Java 9 and 10 have no such class
        }
    }

    static final String DIRECT_STACK_WALK = "dev.soapscope.agent.stackwalk.DirectStackWalk";

    /** Waits a while for the endpoint's start, as the JVM stops: a host that does not resolve waits no longer. */
    private static void awaitStart(Thread start) {
        try {
            start.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The endpoint (when {@code start} is not null), its page's history, the profiler, and the line that says so (with
     * how long the agent's start, from {@code began} to {@code ended}, kept the JVM from the application's main: to
     * this line when {@code ended} is 0, as when this runs in premain); then the per-start copies of the recorder jar
     * that killed JVMs left.
     */
    private static void serve(Config config, BootstrapJar.Placed recorder, File weaveCache, EndpointStart start,
                              List<String> installed,
                              long began, long ended) {
        try {
            // listeners for the first request and for a recording's start: here, not in premain, as the application
            // serves nothing before its own start is under way (a recording started with the JVM still sees the first
            // request: adding the listener then registers the events at once)
            TraceBridge.install(config, recorder.jar == null ? null : recorder.jar.getParentFile());
            FlightRecorderEvents.install(config);
        } catch (Throwable e) {
            Log.warn("agent " + version() + " records, but adds nothing to traces or Flight Recorder: " + e);
        }
        try {
            final Endpoint endpoint = new Endpoint(new DeferredMeters(), true, history());
            // the filter serves our documents in its webapp, but not the profiling routes
            Recorder.serveEndpointWith(new EndpointBridge(endpoint.withProfiling(false)));

            // on-demand profiles go to java.io.tmpdir, else beside the recorder jar (a read-only temp directory)
            ProfilerControl profiler = new ProfilerControl(config, endpoint,
                    recorder.jar == null ? null : recorder.jar.getParentFile());
            String served = "no endpoint (endpoint=false)";
            if (start != null) {
                EndpointServer server = start.bind(() -> startEndpoint(config, endpoint, profiler));
                served = server != null ? "endpoint " + server.url() + "/metrics"
                        : start.tookPort() ? "no endpoint (the application has its port)" : "no endpoint (see above)";
                String open = server == null ? null : server.openness();
                if (open != null) {
                    Log.warn(open);
                }
            }
            long took = ((ended != 0 ? ended : System.nanoTime()) - began) / 1_000_000;
            Log.info("agent " + version() + " started: " + served + "; " + recorder.describe() + "; its start took "
                    + took + " ms; probes: " + installed);
            String continuous = config.get(ConfigKey.PROFILER);
            if (!continuous.isEmpty()) {
                profiler.startContinuous(continuous);
            }
        } catch (Throwable e) {
            Log.warn("agent " + version() + " records, but its endpoint did not start: " + e + "; probes: " + installed);
        }
        try {
            recorder.removeLeaked();
            File privateDir = recorder.privateDirectory();
            if (privateDir != null) {
                WeaveCache.removeStale(privateDir, weaveCache); // this start's (null when off) stays
            }
        } catch (RuntimeException e) {
            // housekeeping: a copy left is harmless, and the next start tries again
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
