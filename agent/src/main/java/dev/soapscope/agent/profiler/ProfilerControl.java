package dev.soapscope.agent.profiler;

import dev.soapscope.agent.DaemonThreads;
import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One profiling session at a time: continuous from start ({@code profiler=cpu}), rotating JFR files in
 * {@code profiler.dir} within a disk budget and writing the run's {@code phases.json} and {@code hotspots.json}
 * there at every rotation, at least every minute, and at stop and JVM shutdown (see {@link RunDirectory}), so that a
 * crashed run still has them; or on demand for N seconds. The backend is async-profiler, else the JDK's
 * Flight Recorder (said once), else none: profiling is then refused with a reason, and the application is untouched.
 */
public final class ProfilerControl {
    /** The longest the run's documents go unwritten during continuous profiling. */
    private static final long WRITE_MILLIS = TimeUnit.MINUTES.toMillis(1);

    private final File dir;
    private final RunDirectory run;
    private final int intervalMillis;
    private final boolean withRequests;
    private final long rotateMillis;
    private final Endpoint endpoint;
    private final ProfileFiles files;
    private ProfilerBackend backend;
    private boolean backendChosen;
    private String unavailable;
    private boolean running;
    private boolean continuous;
    private String continuousEvent;
    private ScheduledExecutorService rotation;
    private boolean rotateFailedSaid;

    /** {@code spareDir}: where on-demand profiles go when java.io.tmpdir is not writable; may be null. */
    public ProfilerControl(Config config, Endpoint endpoint, File spareDir) {
        this.dir = new File(config.get(ConfigKey.PROFILER_DIR));
        this.intervalMillis = config.getInt(ConfigKey.PROFILER_INTERVAL);
        this.withRequests = config.getBoolean(ConfigKey.PROFILER_REQUESTS);
        // tests rotate in seconds, not minutes
        this.rotateMillis = Long.getLong("soapscope.test.profiler.rotate.ms",
                TimeUnit.MINUTES.toMillis(config.getInt(ConfigKey.PROFILER_ROTATE)));
        this.run = new RunDirectory(dir, config.getInt(ConfigKey.PROFILER_MAX_MB) * 1024L * 1024L);
        this.endpoint = endpoint;
        this.files = ProfileFiles.removedAtExit(spareDir, new ProfileFiles.Taking() {
            @Override
            public boolean stop() {
                return stopOnDemandAtExit();
            }
        });
    }

    /** Starts continuous profiling; one log line whatever happens. */
    public synchronized void startContinuous(String event) {
        try {
            run.ensure(false);
            File file = startOrDelete(event, run.createNextJfr());
            continuous = true;
            continuousEvent = event;
            rotation = Executors.newSingleThreadScheduledExecutor(new DaemonThreads("soapscope-profiler"));
            rotation.scheduleAtFixedRate(new Runnable() {
                @Override
                public void run() {
                    rotate();
                }
            }, rotateMillis, rotateMillis, TimeUnit.MILLISECONDS);
            long writeMillis = Math.min(rotateMillis, WRITE_MILLIS);
            rotation.scheduleAtFixedRate(new Runnable() {
                @Override
                public void run() {
                    writeDocuments();
                }
            }, writeMillis, writeMillis, TimeUnit.MILLISECONDS);
            Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
                @Override
                public void run() {
                    stopAtExit();
                }
            }, "soapscope-profiler-shutdown"));
            Log.info("profiling " + event + " continuously with " + backend.name() + " into " + file.getAbsolutePath());
        } catch (Throwable e) {
            Log.warn("continuous profiling not started: " + (unavailable != null ? unavailable
                    : e instanceof IOException ? e.getMessage() : e.toString()) + "; the agent goes on without it");
        }
    }

    /** As the JVM exits: stops continuous profiling and writes the run's documents next to its JFR files. */
    private synchronized void stopAtExit() {
        if (!continuous) {
            return;
        }
        continuous = false;
        if (rotation != null) {
            rotation.shutdownNow();
        }
        try {
            stopSession(true);
        } catch (Throwable e) {
            Log.warn("stopping continuous profiling into " + dir.getAbsolutePath() + " failed: " + e);
        }
        writeDocuments();
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
            file = files.create();
            try {
                startSession(event, file);
            } catch (Throwable e) {
                delete(file);
                if (backend == null || !(e instanceof Exception)) {
                    throw e; // no backend: the refusal says why
                }
                // the backend's own words (Flight Recorder: "JFR repository directory (/tmp) ... isn't writable")
                String why = "no profiler can start here: " + e.getMessage();
                Log.warnOnce("profiler-start", why, null);
                throw new IllegalStateException(why, e);
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
        PhaseSpans spans = null;
        if (b.tagsPhases()) {
            // before the start, which samples a while before it returns (up to a second the first time): segments
            // begun meanwhile get their spans when they end (PhaseSpans.endUnmarked)
            spans = new PhaseSpans();
            Recorder.setSegmentSink(spans);
        }
        try {
            b.start(event, intervalMillis, file);
        } catch (Exception e) {
            Recorder.setSegmentSink(null);
            throw e;
        }
        if (spans != null) {
            spans.calibrate();
        }
        running = true;
        return file;
    }

    /** Starts a continuous session into {@code jfr}, made empty beforehand: removed when the start fails. */
    private File startOrDelete(String event, File jfr) throws Exception {
        try {
            return startSession(event, jfr);
        } catch (Exception e) {
            if (!jfr.delete()) {
                Log.debug("cannot delete the empty " + jfr.getAbsolutePath());
            }
            throw e;
        }
    }

    private void stopSession() throws Exception {
        stopSession(false);
    }

    private void stopSession(boolean atExit) throws Exception {
        if (!running) {
            return;
        }
        Recorder.setSegmentSink(null);
        running = false;
        if (atExit) {
            backend.stopAtExit();
        } else {
            backend.stop();
        }
    }

    private synchronized void stopQuietly() {
        try {
            stopSession();
        } catch (Throwable e) {
            Log.warnOnce("profiler-stop", "stopping the profiler failed", e);
        }
    }

    /**
     * Closes the JFR file and starts the next; when that fails (the directory gone and not creatable, the disk full),
     * profiling pauses until a later rotation succeeds.
     */
    private synchronized void rotate() {
        if (!continuous) {
            return;
        }
        stopQuietly();
        try {
            run.ensure(true);
            startOrDelete(continuousEvent, run.createNextJfr());
            if (rotateFailedSaid) {
                rotateFailedSaid = false;
                Log.info("continuous profiling into " + dir.getAbsolutePath() + " goes on");
            }
        } catch (Throwable e) {
            if (!rotateFailedSaid) {
                rotateFailedSaid = true;
                Log.warn("cannot start the next JFR file in " + dir.getAbsolutePath() + " (" + e
                        + "); profiling pauses until a later rotation succeeds");
            }
        }
        run.prune();
        writeDocuments();
    }

    /** The run's documents, as the endpoint serves them now; never throws. */
    private synchronized void writeDocuments() {
        try {
            run.checkDiskSpace();
            run.writeDocuments(endpoint.get("/phases").body(), endpoint.get("/hotspots").body());
        } catch (Throwable e) {
            Log.warnOnce("profiler-documents", "writing the run's documents into " + dir.getAbsolutePath() + " failed", e);
        }
    }

    /** Chooses the backend once: async-profiler, else Flight Recorder (said in one line), else none. */
    private ProfilerBackend backend() {
        if (backendChosen) {
            return backend;
        }
        backendChosen = true;
        try {
            backend = new AsyncProfilerBackend(withRequests);
            return backend;
        } catch (Throwable asyncProfilerFailed) {
            try {
                backend = new FlightRecorderBackend();
                Log.warn("async-profiler cannot load here (" + asyncProfilerFailed + unwritableTmp()
                        + "); profiling with the JDK's Flight Recorder instead, without phase tags");
            } catch (Throwable noJfr) {
                unavailable = "async-profiler cannot load (" + asyncProfilerFailed + ") and this JVM has no Flight Recorder API";
                Log.warn(unavailable + "; profiling is off");
            }
            return backend;
        }
    }

    /** Where async-profiler unpacks its library, when that is what stopped it. */
    private static String unwritableTmp() {
        File tmp = new File(System.getProperty("java.io.tmpdir", ""));
        return tmp.isDirectory() && tmp.canWrite() ? ""
                : "; it unpacks its library into java.io.tmpdir " + tmp.getAbsolutePath() + ", which is not writable";
    }

    private void delete(File file) {
        files.delete(file);
    }

    /** Stops a profile being taken on demand, whose file is about to go; true if one was. */
    private synchronized boolean stopOnDemandAtExit() {
        if (!running || continuous) {
            return false;
        }
        try {
            stopSession();
        } catch (Throwable e) {
            // its file is deleted next: how it ended does not matter
        }
        return true;
    }

}
