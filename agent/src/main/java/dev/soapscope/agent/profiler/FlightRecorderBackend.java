package dev.soapscope.agent.profiler;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The JDK's own Flight Recorder ("profile" settings), for where async-profiler cannot load. Bound by reflection:
 * {@code jdk.jfr} is not part of the Java 8 platform API we compile against. Its samples carry no phase tags.
 */
final class FlightRecorderBackend implements ProfilerBackend {
    private final Class<?> recordingClass;
    private final Object configuration;
    private Object recording;

    FlightRecorderBackend() throws Exception {
        recordingClass = Class.forName("jdk.jfr.Recording");
        Class<?> configurationClass = Class.forName("jdk.jfr.Configuration");
        configuration = configurationClass.getMethod("getConfiguration", String.class).invoke(null, "profile");
    }

    @Override
    public String name() {
        return "JDK Flight Recorder";
    }

    @Override
    public synchronized void start(String event, int intervalMillis, File jfr) throws Exception {
        try {
            Object r = recordingClass.getConstructor(Class.forName("jdk.jfr.Configuration")).newInstance(configuration);
            Method setDestination = recordingClass.getMethod("setDestination", java.nio.file.Path.class);
            setDestination.invoke(r, jfr.toPath());
            recordingClass.getMethod("start").invoke(r);
            recording = r;
        } catch (InvocationTargetException e) {
            // what Flight Recorder said ("JFR repository directory (/tmp) exists, but isn't writable"), not the wrapper
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }

    @Override
    public void stopAtExit() throws Exception {
        stop();
    }

    @Override
    public synchronized void stop() throws Exception {
        if (recording != null) {
            recordingClass.getMethod("stop").invoke(recording); // writes the destination file
            recordingClass.getMethod("close").invoke(recording);
            recording = null;
        }
    }

    @Override
    public boolean tagsPhases() {
        return false;
    }
}
