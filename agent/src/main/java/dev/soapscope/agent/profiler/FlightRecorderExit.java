package dev.soapscope.agent.profiler;

import java.util.concurrent.TimeUnit;

/**
 * The JDK's own shutdown hook for Flight Recorder, which writes a recording set to dump on exit (async-profiler's
 * {@code jfrsync} recording is) to its destination. Shutdown hooks run side by side: a hook that deletes such a
 * destination waits for it first, or the file is written again after the delete.
 */
final class FlightRecorderExit {
    /** The name jdk.jfr gives its hook's thread (PlatformRecorder, 11 to 25). */
    static final String HOOK_THREAD = "JFR Shutdown Hook";
    private static final long WAIT_MILLIS = TimeUnit.SECONDS.toMillis(3);

    private FlightRecorderExit() {
    }

    /** Waits, at most a few seconds, for the JDK's hook to end; returns at once when it is not running. */
    static void await() {
        try {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (HOOK_THREAD.equals(t.getName())) {
                    t.join(WAIT_MILLIS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // a security manager: the files are deleted all the same
        }
    }
}
