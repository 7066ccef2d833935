package dev.soapscope.recorder;

/**
 * Where each hot-spot event stands among its detail's events in the request being recorded: the first, the second...
 * A request of a given shape meets a detail's events in the same order each time, each from its own line, so a detail
 * with several callers has one steady caller per position ({@link HotSpotSites}). A few details per request are
 * tracked; the events of others, and those past {@link HotSpotSites#POSITIONS}, share the last position.
 */
final class EventPositions {
    private static final int DETAILS = 16;
    private final Object[] details = new Object[DETAILS];
    private final int[] counts = new int[DETAILS];
    private int size;

    /** The position (from 0, at most {@code last}) of this event of {@code detail} in the request. */
    int next(Object detail, int last) {
        for (int i = 0; i < size; i++) {
            if (details[i] == detail) {
                int n = counts[i];
                if (n < last) {
                    counts[i] = n + 1;
                }
                return n;
            }
        }
        if (size == DETAILS) {
            return last;
        }
        details[size] = detail;
        counts[size++] = 1;
        return 0;
    }

    /** The request ended: the next one counts from its first event. */
    void clear() {
        for (int i = 0; i < size; i++) {
            details[i] = null;
        }
        size = 0;
    }
}
