package dev.soapscope.traces;

import java.util.concurrent.TimeUnit;

/** The recorder times on {@link System#nanoTime()}'s clock; spans want the epoch. */
final class EpochClock {
    private EpochClock() {
    }

    /** What to add to a {@code nanoTime} reading for epoch nanoseconds (to the millisecond): read once per span batch. */
    static long offsetNanos() {
        return TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - System.nanoTime();
    }
}
