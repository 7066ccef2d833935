package dev.soapscope.flamegraphs;

/** What {@code compare} concludes for one operation and phase. */
enum Verdict {
    REGRESSED("regressed"),
    IMPROVED("improved"),
    UNCHANGED("unchanged");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }
}
