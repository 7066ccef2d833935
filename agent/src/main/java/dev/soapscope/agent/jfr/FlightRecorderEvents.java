package dev.soapscope.agent.jfr;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.recorder.Log;

import java.util.Locale;

/**
 * Registers soapscope's Flight Recorder events ({@code jfr}). Their classes are compiled for Java 11 against
 * {@code jdk.jfr} and are loaded only here, on a JVM that has it, so a Java 8 JVM never sees them. They are registered
 * as soon as Flight Recorder runs: at start for a recording started with the JVM (so it sees the first request), else
 * when a recording first starts.
 */
public final class FlightRecorderEvents {
    private static final String EVENTS = "dev.soapscope.jfr.SoapEvents";
    /** The events async-profiler's jfrsync should record beside its samples; null until they are registered. */
    private static volatile String profilerSync;

    private FlightRecorderEvents() {
    }

    public static void install(Config config) {
        String mode = config.get(ConfigKey.JFR).toLowerCase(Locale.ROOT);
        if ("off".equals(mode)) {
            return;
        }
        if (!available()) {
            if ("on".equals(mode)) {
                Log.info("jfr=on: this JVM has no Flight Recorder API (jdk.jfr, Java 11 and later): no soapscope events");
            }
            return;
        }
        try {
            Class<?> events = Class.forName(EVENTS, true, FlightRecorderEvents.class.getClassLoader());
            events.getMethod("installWhenRecorderStarts").invoke(null);
            profilerSync = (String) events.getField("PROFILER_SYNC").get(null);
        } catch (Throwable t) {
            Log.warnOnce("jfr", "jfr: could not register soapscope's Flight Recorder events; requests are recorded all "
                    + "the same (jfr=off to not try)", t);
        }
    }

    /**
     * The {@code jfrsync} setting that puts soapscope's events in async-profiler's recording, beside its samples
     * ({@code +soapscope.Request+...}); null when the events are off or this JVM has no Flight Recorder.
     */
    public static String profilerSync() {
        return profilerSync;
    }

    /** Java 11 or later with the jdk.jfr module: what the events' classes need. */
    static boolean available() {
        if (System.getProperty("java.specification.version", "1.8").startsWith("1.")) {
            return false; // Java 8 (its 8u272+ JFR has no EventFactory, and our classes are Java 11's)
        }
        try {
            Class.forName("jdk.jfr.EventFactory", false, null);
            return true;
        } catch (Throwable absent) {
            return false;
        }
    }
}
