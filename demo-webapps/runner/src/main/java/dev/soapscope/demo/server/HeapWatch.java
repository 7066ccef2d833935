package dev.soapscope.demo.server;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * The heap's peak use in the forked server: the heap in use sampled every {@value #SAMPLE_MILLIS} ms, and, exactly,
 * what was in use just before each garbage collection (where a peak is) and just after it (live data plus what the
 * collection left). {@link #reset()} runs a full GC and starts over from what is then in use.
 */
final class HeapWatch {

    static final long SAMPLE_MILLIS = 10;

    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong peakAfterGc = new AtomicLong(-1);
    private final AtomicLong collections = new AtomicLong();

    private HeapWatch() {
    }

    static HeapWatch start() {
        HeapWatch watch = new HeapWatch();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((n, handback) -> watch.onGc(n), null, null);
            }
        }
        Thread sampler = new Thread(() -> {
            while (true) {
                watch.sample();
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "soapscope-demo-heap");
        sampler.setDaemon(true);
        sampler.start();
        return watch;
    }

    long used() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private void sample() {
        peak.accumulateAndGet(used(), Math::max);
    }

    private void onGc(Notification n) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        peak.accumulateAndGet(heapUsed(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
        peakAfterGc.accumulateAndGet(heapUsed(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
        collections.incrementAndGet();
    }

    private long heapUsed(Map<String, MemoryUsage> pools) {
        long used = 0;
        for (Map.Entry<String, MemoryUsage> e : pools.entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        return used;
    }

    /** A full GC, then the peaks start over. GC notifications arrive asynchronously: the reset waits for them. */
    synchronized void reset() {
        System.gc();
        try {
            Thread.sleep(200); // the notification of the GC just run, so it does not count as the next mode's
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        peak.set(used());
        peakAfterGc.set(-1);
        collections.set(0);
    }

    /** {@code used peak peakAfterGc collections}, the launcher's answer. */
    synchronized String report() {
        sample();
        return used() + " " + peak.get() + " " + peakAfterGc.get() + " " + collections.get();
    }
}
