package dev.soapscope.agent.profiler;

import dev.soapscope.agent.jfr.FlightRecorderEvents;
import dev.soapscope.recorder.Log;

import one.profiler.AsyncProfiler;

import java.io.File;

/**
 * async-profiler, from the agent jar (its natives are bound to the {@code one.profiler} names, so they are not
 * relocated). {@link AsyncProfiler#getInstance()} extracts the native library to a temporary directory itself;
 * where that fails (another OS or libc, an unwritable temp dir, native access refused) the constructor throws.
 */
final class AsyncProfilerBackend implements ProfilerBackend {
    private final AsyncProfiler profiler;
    /**
     * Whether recordings carry soapscope's request and call events ({@code profiler.requests}): a Flight Recorder
     * recording then runs beside the profiler, which on OpenCMIS over MTOM cost about 1.5% of the request threads' CPU
     * samples (the events' writing, and the agent's clock and allocation reads, slower while it runs).
     */
    private final boolean withRequests;

    AsyncProfilerBackend(boolean withRequests) {
        this.profiler = AsyncProfiler.getInstance();
        profiler.getVersion(); // touches the native side: fails here rather than at the first start
        this.withRequests = withRequests;
    }

    /** The running recording has soapscope's Flight Recorder events beside the samples (jfrsync). */
    private volatile boolean synced;

    @Override
    public String name() {
        return "async-profiler " + profiler.getVersion();
    }

    @Override
    public void start(String event, int intervalMillis, File jfr) throws Exception {
        StringBuilder command = new StringBuilder("start,jfr,event=").append(event);
        if ("cpu".equals(event) || "wall".equals(event)) {
            command.append(",interval=").append(intervalMillis).append("ms");
        }
        command.append(",file=").append(jfr.getAbsolutePath());
        String sync = withRequests ? FlightRecorderEvents.profilerSync() : null;
        synced = false;
        if (sync == null) {
            profiler.execute(command.toString());
            return;
        }
        try { // soapscope's requests and calls in the same file as the samples
            profiler.execute(command + ",jfrsync=" + sync);
            synced = true;
        } catch (Exception e) {
            Log.warnOnce("profiler-jfrsync", "profiler: async-profiler could not record soapscope's Flight Recorder "
                    + "events beside its samples (" + e.getMessage() + "); profiling without them", null);
            profiler.execute(command.toString());
        }
    }

    @Override
    public void stop() throws Exception {
        profiler.execute("stop");
    }

    /**
     * With jfrsync, the JDK's own exit hook stops the Flight Recorder recording (it is set to dump on exit), and
     * async-profiler, listening, stops with it: the file is whole. Stopping here too races that hook (the JDK writes its
     * chunk outside its lock, and async-profiler's stop waits for it at most about a second): on a busy machine one
     * chunk overwrote the other and soapscope's events were lost.
     */
    @Override
    public void stopAtExit() throws Exception {
        if (!synced) {
            stop();
        }
    }

    @Override
    public boolean tagsPhases() {
        return true;
    }
}
