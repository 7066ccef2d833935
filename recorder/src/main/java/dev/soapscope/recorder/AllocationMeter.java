package dev.soapscope.recorder;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated so far by the current thread, from HotSpot's per-thread counter (about 15 ns). It reads
 * {@link #UNAVAILABLE} where the JVM cannot say: no {@code com.sun.management} (a JVM other than HotSpot's kin), the
 * counter unsupported, a virtual thread (the JDK answers -1 for one), or a failed read. Never 0 for "unknown": that
 * would be a figure.
 */
final class AllocationMeter {
    /** What {@link #current()} reads when the JVM cannot count this thread's allocation. */
    static final long UNAVAILABLE = -1;

    private static final boolean AVAILABLE = enable();

    private AllocationMeter() {
    }

    static boolean available() {
        return AVAILABLE;
    }

    static long current() {
        try {
            return AVAILABLE ? Counter.read() : UNAVAILABLE;
        } catch (Throwable ignored) {
            return UNAVAILABLE; // allocation is a nice-to-have, never a reason to fail a request
        }
    }

    private static boolean enable() {
        try {
            Class.forName("com.sun.management.ThreadMXBean"); // else Counter cannot load
            return Counter.enable();
        } catch (Throwable unavailable) {
            return false;
        }
    }

    /**
     * The bean called directly, an interface call on a constant the JIT inlines to the JVM's native read (through a
     * method handle, its receiver check stayed a call of its own: a fifth of the reads' samples on OpenCMIS). Loaded
     * only once {@code com.sun.management} is known to be there. By thread id, as Java 8 has it: from Java 14 the JDK
     * reads the current thread's counter for its own id without looking the thread up.
     */
    private static final class Counter {
        static final com.sun.management.ThreadMXBean BEAN =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        static boolean enable() {
            if (!BEAN.isThreadAllocatedMemorySupported()) {
                return false;
            }
            BEAN.setThreadAllocatedMemoryEnabled(true);
            return true;
        }

        static long read() {
            return BEAN.getThreadAllocatedBytes(Thread.currentThread().getId());
        }
    }
}
