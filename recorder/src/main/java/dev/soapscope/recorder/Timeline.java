package dev.soapscope.recorder;

/**
 * The stretches of one request's time, in order, each in one phase: kept only while a tracer wants phase spans
 * ({@link Recorder#keepTimelines}), so that they can become child spans with their real start and end. Fixed size,
 * reused by the thread's next request; consecutive stretches in one phase are one.
 */
final class Timeline {
    /** Stretches kept per request; a request that switches more often keeps its first ones and says so. */
    static final int MAX = 64;

    private final int[] phases = new int[MAX];
    private final long[] starts = new long[MAX];
    private final long[] ends = new long[MAX];
    private int size;
    private boolean truncated;

    void reset() {
        size = 0;
        truncated = false;
    }

    /** Time from {@code from} to {@code to} (System.nanoTime) was spent in {@code phase}. */
    void add(int phase, long from, long to) {
        if (to <= from) {
            return;
        }
        if (size > 0 && phases[size - 1] == phase && ends[size - 1] == from) {
            ends[size - 1] = to;
            return;
        }
        if (size == MAX) {
            truncated = true;
            return;
        }
        phases[size] = phase;
        starts[size] = from;
        ends[size] = to;
        size++;
    }

    int size() {
        return size;
    }

    boolean truncated() {
        return truncated;
    }

    int phase(int i) {
        return phases[i];
    }

    long start(int i) {
        return starts[i];
    }

    long end(int i) {
        return ends[i];
    }
}
