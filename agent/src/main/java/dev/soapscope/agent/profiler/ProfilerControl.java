package dev.soapscope.agent.profiler;

import dev.soapscope.agent.DaemonThreads;
import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Date;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One profiling session at a time: continuous from start ({@code profiler=cpu}), rotating JFR files in
 * {@code profiler.dir} within a disk budget and writing the run's {@code phases.json} and {@code hotspots.json}
 * there at stop and at JVM shutdown; or on demand for N seconds. The backend is async-profiler, else the JDK's
 * Flight Recorder (said once), else none: profiling is then refused with a reason, and the application is untouched.
 */
public final class ProfilerControl {
    private final File dir;
    private final int intervalMillis;
    private final long rotateMillis;
    private final long maxBytes;
    private final Endpoint endpoint;
    private ProfilerBackend backend;
    private boolean backendChosen;
    private String unavailable;
    private boolean running;
    private boolean continuous;
    private String continuousEvent;
    private ScheduledExecutorService rotation;

    public ProfilerControl(Config config, Endpoint endpoint) {
        this.dir = new File(config.get(ConfigKey.PROFILER_DIR));
        this.intervalMillis = config.getInt(ConfigKey.PROFILER_INTERVAL);
        this.rotateMillis = TimeUnit.MINUTES.toMillis(config.getInt(ConfigKey.PROFILER_ROTATE));
        this.maxBytes = config.getInt(ConfigKey.PROFILER_MAX_MB) * 1024L * 1024L;
        this.endpoint = endpoint;
    }

    /** Starts continuous profiling; one log line whatever happens. */
    public synchronized void startContinuous(String event) {
        try {
            if (!dir.isDirectory() && !dir.mkdirs()) {
                throw new IOException("cannot create " + dir.getAbsolutePath());
            }
            File file = startSession(event, nextFile());
            continuous = true;
            continuousEvent = event;
            rotation = Executors.newSingleThreadScheduledExecutor(new DaemonThreads("soapscope-profiler"));
            rotation.scheduleAtFixedRate(new Runnable() {
                @Override
                public void run() {
                    rotate();
                }
            }, rotateMillis, rotateMillis, TimeUnit.MILLISECONDS);
            Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
                @Override
                public void run() {
                    stopContinuous();
                }
            }, "soapscope-profiler-shutdown"));
            Log.info("profiling " + event + " continuously with " + backend.name() + " into " + file.getAbsolutePath());
        } catch (Throwable e) {
            Log.warn("continuous profiling not started: " + (unavailable != null ? unavailable : e.toString())
                    + "; the agent goes on without it");
        }
    }

    /** Stops continuous profiling and writes the run's documents next to its JFR files. */
    public synchronized void stopContinuous() {
        if (!continuous) {
            return;
        }
        continuous = false;
        if (rotation != null) {
            rotation.shutdownNow();
        }
        try {
            stopSession();
            write(new File(dir, "phases.json"), endpoint.get("/phases").body);
            write(new File(dir, "hotspots.json"), endpoint.get("/hotspots").body);
        } catch (Throwable e) {
            Log.warn("stopping continuous profiling failed: " + e);
        }
    }

    /**
     * Profiles for {@code seconds} and returns the JFR file (the caller deletes it). The file exists only while this
     * runs or once it returned: refused, failed or interrupted, nothing is left in the temp directory.
     *
     * @throws IllegalStateException with a reason a user can act on when profiling cannot run now
     */
    public File profile(int seconds, String event) throws Exception {
        File file;
        synchronized (this) {
            if (continuous) {
                throw new IllegalStateException("continuous profiling is running (profiler=" + continuousEvent
                        + "); its files are in " + dir.getAbsolutePath());
            }
            if (running) {
                throw new IllegalStateException("a profile is already being taken; try again when it is done");
            }
            file = File.createTempFile("soapscope-profile-", ".jfr");
            try {
                startSession(event, file);
            } catch (Throwable e) {
                delete(file);
                throw e;
            }
        }
        boolean stopped = false;
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            synchronized (this) {
                stopSession();
            }
            stopped = true;
            return file;
        } finally {
            if (!stopped) {
                stopQuietly(); // interrupted or failed: what went wrong first is what the caller hears
                delete(file);
            }
        }
    }

    /** The backend's name, or why there is none. */
    public synchronized String describe() {
        ProfilerBackend b = backend();
        return b != null ? b.name() : "no profiler: " + unavailable;
    }

    private File startSession(String event, File file) throws Exception {
        ProfilerBackend b = backend();
        if (b == null) {
            throw new IllegalStateException("no profiler can run here: " + unavailable);
        }
        if (b.tagsPhases()) {
            // before the start, which samples a while before it returns (up to a second the first time): segments
            // begun meanwhile get their spans when they end (PhaseSpans.endUnmarked)
            Recorder.setSegmentSink(new PhaseSpans());
        }
        try {
            b.start(event, intervalMillis, file);
        } catch (Exception e) {
            Recorder.setSegmentSink(null);
            throw e;
        }
        running = true;
        return file;
    }

    private void stopSession() throws Exception {
        if (!running) {
            return;
        }
        Recorder.setSegmentSink(null);
        running = false;
        backend.stop();
    }

    private synchronized void stopQuietly() {
        try {
            stopSession();
        } catch (Throwable e) {
            Log.warnOnce("profiler-stop", "stopping the profiler failed", e);
        }
    }

    private synchronized void rotate() {
        if (!continuous) {
            return;
        }
        try {
            stopSession();
            startSession(continuousEvent, nextFile());
            prune();
        } catch (Throwable e) {
            Log.warnOnce("profiler-rotate", "rotating the profile failed; profiling stopped", e);
            continuous = false;
        }
    }

    /** Keeps the JFR files within the disk budget, removing the oldest first (never the one being written). */
    private void prune() {
        File[] files = dir.listFiles((d, name) -> name.startsWith("soapscope-") && name.endsWith(".jfr"));
        if (files == null) {
            return;
        }
        Arrays.sort(files, Comparator.comparingLong(File::lastModified).reversed());
        long used = 0;
        for (int i = 0; i < files.length; i++) {
            used += files[i].length();
            if (i > 0 && used > maxBytes && !files[i].delete()) {
                Log.warnOnce("profiler-prune", "cannot delete " + files[i] + " to keep within profiler.max.mb", null);
            }
        }
    }

    private File nextFile() {
        return new File(dir, "soapscope-" + new SimpleDateFormat("yyyyMMdd-HHmmss-SSS").format(new Date()) + ".jfr");
    }

    /** Chooses the backend once: async-profiler, else Flight Recorder (said in one line), else none. */
    private ProfilerBackend backend() {
        if (backendChosen) {
            return backend;
        }
        backendChosen = true;
        try {
            backend = new AsyncProfilerBackend();
            return backend;
        } catch (Throwable asyncProfilerFailed) {
            try {
                backend = new FlightRecorderBackend();
                Log.warn("async-profiler cannot load here (" + asyncProfilerFailed
                        + "); profiling with the JDK's Flight Recorder instead, without phase tags");
            } catch (Throwable noJfr) {
                unavailable = "async-profiler cannot load (" + asyncProfilerFailed + ") and this JVM has no Flight Recorder API";
                Log.warn(unavailable + "; profiling is off");
            }
            return backend;
        }
    }

    private static void delete(File file) {
        if (!file.delete() && file.exists()) {
            file.deleteOnExit();
        }
    }

    private static void write(File file, String text) throws IOException {
        OutputStream out = new FileOutputStream(file);
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } finally {
            out.close();
        }
    }
}
