package dev.soapscope.agent.traces;

import dev.soapscope.agent.DaemonThreads;
import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Connects the recorder to the user's tracing agent ({@code traces}). The agent jar nests the OpenTelemetry API and
 * soapscope's traces module; they are loaded in a class loader of their own, whose parent is the platform loader, so
 * the application's class path never sees an API version of ours, and the tracing agent bridges that API as it
 * bridges any application's. Nothing is loaded or extracted unless a tracing agent runs: the first request (or call)
 * ends by looking for one (every {@code -javaagent} has started by then) and then leaves the recorder's listeners, and
 * the loading happens on a daemon thread of its own, so no request waits for it.
 */
public final class TraceBridge implements RequestListener {
    /** Where the agent jar keeps the jars the bridge loads. */
    static final String NESTED = "traces/";
    static final String[] JARS = {"opentelemetry-context.jar", "opentelemetry-api.jar", "soapscope-traces.jar"};
    private static final String LISTENER = "dev.soapscope.traces.SpanBreakdown";

    private final String mode;
    private final long phaseSpansOverNanos;
    /** Where the jars go when {@code java.io.tmpdir} is not writable (a read-only root file system); may be null. */
    private final File fallbackDir;
    private boolean looked;

    private TraceBridge(String mode, long phaseSpansOverNanos, File fallbackDir) {
        this.mode = mode;
        this.phaseSpansOverNanos = phaseSpansOverNanos;
        this.fallbackDir = fallbackDir;
    }

    /**
     * Waits for the first request, unless {@code traces=off}. The jars go to {@code java.io.tmpdir}, else to
     * {@code fallbackDir} (the recorder jar's directory, which the agent could write: null if it wrote none).
     */
    public static void install(Config config, File fallbackDir) {
        String mode = config.get(ConfigKey.TRACES).toLowerCase(Locale.ROOT);
        if ("off".equals(mode)) {
            return;
        }
        String over = config.get(ConfigKey.TRACES_PHASE_SPANS_OVER_MS);
        TraceBridge bridge = new TraceBridge(mode, over.isEmpty() ? -1 : Long.parseLong(over) * 1_000_000L,
                fallbackDir);
        Recorder.addListener(bridge);
        Recorder.addCallListener(bridge); // a batch job serves no request: its first call looks as well
    }

    /** The first request served or call made, whichever comes first. */
    @Override
    public synchronized void onRequest(CompletedRequest request) {
        if (looked) {
            return;
        }
        looked = true;
        Recorder.removeListener(this);
        Recorder.removeCallListener(this);
        TracingAgent agent = TracingAgent.running();
        if (agent == null && !"on".equals(mode)) {
            return; // no tracer: nothing more is done, per request or ever
        }
        final String name = agent == null ? "OpenTelemetry" : agent.displayName();
        new DaemonThreads("soapscope-traces").newThread(() -> connect(name)).start();
    }

    private void connect(String tracer) {
        try {
            ClassLoader loader = new URLClassLoader(extract(fallbackDir), ClassLoader.getSystemClassLoader().getParent());
            Class<?> type = loader.loadClass(LISTENER);
            RequestListener breakdown = (RequestListener) type.getConstructor(String.class, long.class)
                    .newInstance(tracer, phaseSpansOverNanos);
            Recorder.addListener(breakdown);
            Recorder.addCallListener((RequestListener) type.getMethod("calls").invoke(breakdown));
            Log.info("traces: each request's breakdown goes on its " + tracer + " span (soapscope.* attributes)"
                    + (phaseSpansOverNanos < 0 ? "" : ", with phase spans for requests over "
                    + phaseSpansOverNanos / 1_000_000 + " ms") + ", and each SOAP call made is a span of its own"
                    + " (soapscope call <operation>); traces=off to stop");
        } catch (Throwable t) {
            Log.warnOnce("traces", "traces: could not connect to the " + tracer + " agent; requests are recorded, "
                    + "but their breakdown is not on its spans", t);
        }
    }

    /**
     * Copies the nested jars to a directory of their own, removed when the JVM exits: in {@code java.io.tmpdir}, else
     * in {@code fallbackDir}; the exception names both when neither can hold them.
     */
    private static URL[] extract(File fallbackDir) throws IOException {
        Path dir;
        try {
            dir = Files.createTempDirectory("soapscope-traces");
        } catch (IOException | RuntimeException tmp) {
            if (fallbackDir == null) {
                throw tmp;
            }
            try {
                dir = Files.createTempDirectory(fallbackDir.toPath(), "soapscope-traces");
            } catch (IOException | RuntimeException beside) {
                throw new IOException("cannot unpack its jars in java.io.tmpdir (" + tmp + ") nor in " + fallbackDir
                        + " (" + beside + ")");
            }
        }
        dir.toFile().deleteOnExit();
        URL[] urls = new URL[JARS.length];
        for (int i = 0; i < JARS.length; i++) {
            File jar = dir.resolve(JARS[i]).toFile();
            try (InputStream in = TraceBridge.class.getClassLoader().getResourceAsStream(NESTED + JARS[i])) {
                if (in == null) {
                    throw new IOException(NESTED + JARS[i] + " is missing from the agent jar");
                }
                Files.copy(in, jar.toPath(), StandardCopyOption.REPLACE_EXISTING);
            }
            jar.deleteOnExit();
            urls[i] = jar.toURI().toURL();
        }
        return urls;
    }
}
