package dev.soapscope.bench.jmh;

import dev.soapscope.jfr.SoapEvents;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RecorderSettings;
import jdk.jfr.Recording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * What the Flight Recorder events cost a request ({@link OneRequest#serve()}), side by side in one run:
 * {@code recorder} (no events: the agent with {@code jfr=off}, or a JVM that never records), {@code jfr-initialized}
 * (Flight Recorder started in the JVM, no soapscope event installed: what JFR's own presence does), {@code events} (the
 * event types installed, no recording: what every request pays once a recording has run, one check of the type's
 * enabled flag) and {@code recording} (a recording in memory with {@code soapscope.Request} on: the event begun,
 * filled and committed per request). Run with {@code -prof gc} for the bytes per request.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JfrBenchmark {
    @Param({"recorder", "jfr-initialized", "events", "recording"})
    public String mode;

    private SoapEvents events;
    private Recording recording;

    @Setup(Level.Trial)
    public void configure() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        if (mode.equals("jfr-initialized")) {
            jdk.jfr.FlightRecorder.getFlightRecorder(); // Flight Recorder up, none of our events: what JFR itself adds
        } else if (!mode.equals("recorder")) {
            events = SoapEvents.install();
        }
        if (mode.equals("recording")) {
            recording = new Recording();
            recording.enable(SoapEvents.REQUEST).withoutStackTrace();
            recording.setToDisk(false);
            recording.setMaxSize(64L << 20);
            recording.start();
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (recording != null) {
            recording.close();
        }
        if (events != null) {
            events.uninstall();
        }
    }

    @Benchmark
    public void request() {
        OneRequest.serve();
    }
}
