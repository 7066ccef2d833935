package dev.soapscope.agent.profiler;

import java.io.File;

/** Something that samples stacks into a JFR file: async-profiler, or the JDK's Flight Recorder as the fallback. */
interface ProfilerBackend {
    String name();

    /** Starts recording {@code event} ({@code cpu}, {@code wall}, {@code alloc}, {@code lock}) into {@code jfr}. */
    void start(String event, int intervalMillis, File jfr) throws Exception;

    /** Stops recording; the JFR file is complete when this returns. */
    void stop() throws Exception;

    /** Stops recording as the JVM exits (from a shutdown hook, beside the JDK's own). */
    void stopAtExit() throws Exception;

    /** Whether samples carry phase tags (async-profiler spans). */
    boolean tagsPhases();
}
