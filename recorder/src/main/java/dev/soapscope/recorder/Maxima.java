package dev.soapscope.recorder;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The largest value seen per slot lately, as Micrometer's decaying {@code _max}: a value counts until the second
 * rotation after it, and readers rotate at most once a {@link #ROTATE_MILLIS}, so the request thread only compares
 * (and rarely swaps) and never reads a clock.
 */
final class Maxima {
    static final long ROTATE_MILLIS = 60_000;

    private final AtomicLongArray current;
    private final AtomicLongArray previous;
    /** Wall time in milliseconds, read by readers only. */
    private final Clock clock;
    private final AtomicLong rotatedAt;

    interface Clock {
        long millis();
    }

    Maxima(int slots) {
        this(slots, new Clock() {
            @Override
            public long millis() {
                return System.currentTimeMillis();
            }
        });
    }

    Maxima(int slots, Clock clock) {
        current = new AtomicLongArray(slots);
        previous = new AtomicLongArray(slots);
        this.clock = clock;
        rotatedAt = new AtomicLong(clock.millis());
    }

    void offer(int slot, long value) {
        long max = current.get(slot);
        while (value > max && !current.compareAndSet(slot, max, value)) {
            max = current.get(slot);
        }
    }

    long get(int slot) {
        long now = clock.millis();
        long at = rotatedAt.get();
        if (now - at >= ROTATE_MILLIS && rotatedAt.compareAndSet(at, now)) {
            boolean stale = now - at >= 2 * ROTATE_MILLIS; // nobody read for two rotations: what was current is old
            for (int i = 0; i < current.length(); i++) {
                long c = current.getAndSet(i, 0);
                previous.set(i, stale ? 0 : c);
            }
        }
        return Math.max(current.get(slot), previous.get(slot));
    }
}
