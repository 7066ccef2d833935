package dev.soapscope.demo.server;

import java.lang.management.ManagementFactory;

/**
 * What the JVM's threads have allocated: HotSpot counts every thread's allocation exactly, independent of the
 * machine's load, so the difference over a run divided by its requests is the allocation per request. Threads that
 * ended during the run take their count with them (Tomcat's pool keeps its workers).
 */
final class AllocatedBytes {
    private AllocatedBytes() {
    }

    /** {bytes allocated by the live threads so far, summed; how many threads were counted}. */
    static long[] ofLiveThreads() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] ids = threads.getAllThreadIds();
        long[] allocated = threads.getThreadAllocatedBytes(ids);
        long sum = 0;
        long counted = 0;
        for (long bytes : allocated) {
            if (bytes >= 0) { // -1: the thread ended meanwhile
                sum += bytes;
                counted++;
            }
        }
        return new long[] {sum, counted};
    }
}
