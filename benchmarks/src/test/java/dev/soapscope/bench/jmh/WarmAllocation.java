package dev.soapscope.bench.jmh;

import java.lang.management.ManagementFactory;

/**
 * What a warm piece of work allocates on this thread. Warm means compiled: on a loaded machine the JIT may finish
 * after the warm-up, and until it does the interpreter allocates what compiled code keeps in registers (CI runs saw
 * 2,064 and 2,464 bytes by 1,000 requests or calls). So the work is measured in up to 10 rounds, until one allocates
 * under {@link #BOUND}: a systematic allocation (one object each time: 16,000 bytes and more) fails every round.
 */
final class WarmAllocation {
    static final long BOUND = 1_000;

    private WarmAllocation() {
    }

    /** Bytes {@code round} allocated in its least round of up to 10 (the first under {@link #BOUND}). */
    static long least(Runnable round) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = Long.MAX_VALUE;
        for (int i = 0; i < 10 && allocated >= BOUND; i++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            round.run();
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        return allocated;
    }
}
