package dev.soapscope.flamegraphs;

/**
 * What {@code compare} measures per request in a phase. Wall self time is what a user waits for, but on a busy
 * machine it also holds the time the thread waited for a core; allocated bytes and CPU time do not move with the
 * machine's load, so a regression in the code's own work shows there even when the wall interval is too wide.
 */
enum Signal {
    /** Self time per request, from {@code phases.json} (mean and sd per request). */
    WALL("wall", "us"),
    /** Bytes allocated per request, from {@code phases.json} ({@code alloc_bytes}, {@code alloc_sd_bytes}). */
    ALLOC("alloc", "B"),
    /** CPU time per request from the profile: the phase's samples times the sampling interval, over the requests. */
    CPU("cpu", "us");

    private final String label;
    private final String unit;

    Signal(String label, String unit) {
        this.label = label;
        this.unit = unit;
    }

    String label() {
        return label;
    }

    String unit() {
        return unit;
    }

    /** The signal of that label, or null. */
    static Signal byLabel(String label) {
        for (Signal s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        return null;
    }
}
