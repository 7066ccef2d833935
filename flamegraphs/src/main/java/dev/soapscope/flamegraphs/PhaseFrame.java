package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

/**
 * The root frame that puts a sample under its request phase in a flame graph, such as {@code [phase:soap.parse]}.
 * Samples are tagged with the phase tag; graphs show it as this frame, and read it back from collapsed stacks.
 * Samples taken outside any phase span (between requests, other threads, work no probe claimed) go under
 * {@link #NONE}.
 */
public final class PhaseFrame {
    private static final String PREFIX = "[phase:";
    private static final String SUFFIX = "]";

    /** The root frame of samples outside any phase span; {@code none} is no phase tag, so it parses to null. */
    public static final String NONE = PREFIX + "none" + SUFFIX;
    /** The colour of {@link #NONE} frames: a light grey, lighter than {@code other}'s, for time outside requests. */
    public static final String NONE_COLOUR = "#e0e0e0";

    private PhaseFrame() {
    }

    public static String of(Phase phase) {
        return PREFIX + phase.tag() + SUFFIX;
    }

    /** The phase a frame names, or null when it is no phase frame. */
    public static Phase parse(String frame) {
        if (frame == null || !frame.startsWith(PREFIX) || !frame.endsWith(SUFFIX)) {
            return null;
        }
        return Phase.byTag(frame.substring(PREFIX.length(), frame.length() - SUFFIX.length()));
    }

    /** The phase frame a collapsed stack starts with ({@link #NONE} included), or null. */
    static String rootOf(String collapsedStack) {
        int end = collapsedStack.indexOf(';');
        String first = end < 0 ? collapsedStack : collapsedStack.substring(0, end);
        return first.equals(NONE) || parse(first) != null ? first : null;
    }

    /** A collapsed stack ({@code a;b;c count}) with its phase frame put first. */
    public static String prefix(Phase phase, String collapsedStack) {
        return of(phase) + ";" + collapsedStack;
    }
}
