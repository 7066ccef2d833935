package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import one.jfr.JfrReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A run's CPU time per phase, from its profile: each phase's samples ({@link PhaseProfile}) times the sampling
 * interval the recording states. Only a CPU profile counts: a thread is sampled every interval of its own CPU time,
 * so the count does not move with the machine's load as wall time does. The count is taken as Poisson, so its
 * variance is the count itself: in time, {@code samples * interval²}, summed over the files.
 */
final class PhaseCpu {
    /** async-profiler's events whose samples come per interval of a thread's CPU time. */
    static final List<String> CPU_EVENTS = Arrays.asList("cpu", "itimer", "ctimer", "cpu-clock");

    private final Map<Phase, double[]> microsAndVariance;
    private final String missing;

    private PhaseCpu(Map<Phase, double[]> microsAndVariance, String missing) {
        this.microsAndVariance = microsAndVariance;
        this.missing = missing;
    }

    /** The run's CPU time per phase, or none with the reason; fails when a recording cannot be read. */
    static PhaseCpu of(Run run) throws BadInputException {
        List<Path> files;
        try {
            files = run.jfrFiles();
        } catch (BadInputException e) {
            return none(e.getMessage());
        }
        Map<Phase, double[]> sums = new EnumMap<>(Phase.class);
        int read = 0;
        BadInputException firstFailure = null;
        for (Path file : files) {
            Map<String, String> settings;
            PhaseProfile profile;
            try {
                settings = settings(file);
                profile = PhaseProfile.read(Collections.singletonList(file));
            } catch (BadInputException cutShort) {
                // a segment cut short (the one being written at a crash) is skipped, as flame and diff skip it
                firstFailure = firstFailure == null ? cutShort : firstFailure;
                continue;
            }
            read++;
            String event = settings.get("event");
            if (!CPU_EVENTS.contains(event)) {
                return none(file + " is no CPU profile (event=" + event + ")");
            }
            double intervalUs = intervalUs(settings);
            if (!(intervalUs > 0)) {
                return none(file + " states no sampling interval (interval=" + settings.get("interval") + ")");
            }
            for (Phase p : profile.phases()) {
                long samples = profile.phase(p).total();
                double[] sum = sums.get(p);
                if (sum == null) {
                    sums.put(p, sum = new double[2]);
                }
                sum[0] += samples * intervalUs;
                sum[1] += samples * intervalUs * intervalUs;
            }
        }
        if (read == 0 && firstFailure != null) {
            throw firstFailure;
        }
        return new PhaseCpu(sums, null);
    }

    static PhaseCpu none(String why) {
        return new PhaseCpu(Collections.<Phase, double[]>emptyMap(), why);
    }

    /** Why the run has no CPU figures, or null when it has. */
    String missing() {
        return missing;
    }

    /** The phases with samples, in {@link Phase} order. */
    Iterable<Phase> phases() {
        return microsAndVariance.keySet();
    }

    /** CPU time in the phase over the whole recording. */
    double micros(Phase p) {
        double[] v = microsAndVariance.get(p);
        return v == null ? 0 : v[0];
    }

    /** The variance of {@link #micros}, the samples counted as Poisson. */
    double variance(Phase p) {
        double[] v = microsAndVariance.get(p);
        return v == null ? 0 : v[1];
    }

    /** The settings async-profiler writes into a recording (event, interval, ...), which come near its start. */
    private static Map<String, String> settings(Path file) throws BadInputException {
        try (JfrReader jfr = new JfrReader(file.toString())) {
            while (!(jfr.settings.containsKey("event") && jfr.settings.containsKey("interval"))
                    && jfr.readEvent() != null) {
                // each setting is an event of its own
            }
            return jfr.settings;
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("cannot read " + file + " as a JFR recording: " + e, e);
        }
    }

    /** The sampling interval in microseconds (the setting is in nanoseconds), or NaN. */
    private static double intervalUs(Map<String, String> settings) {
        try {
            return Double.parseDouble(settings.get("interval")) / 1000;
        } catch (NullPointerException | NumberFormatException e) {
            return Double.NaN;
        }
    }
}
