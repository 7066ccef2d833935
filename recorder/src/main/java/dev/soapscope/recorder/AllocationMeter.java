package dev.soapscope.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;

/**
 * Bytes allocated so far by the current thread, from HotSpot's per-thread counter (about 15 ns). Bound
 * through method handles because {@code com.sun.management} is not part of the Java 8 platform API and
 * {@code getCurrentThreadAllocatedBytes} only exists from Java 14. It reads {@link #UNAVAILABLE} where the JVM cannot
 * say: a virtual thread (the JDK answers -1 for one), or a failed read. Never 0 for "unknown": that would be a figure.
 */
final class AllocationMeter {
    private static final MethodHandle CURRENT = bind("getCurrentThreadAllocatedBytes", MethodType.methodType(long.class));
    private static final MethodHandle BY_ID = CURRENT != null ? null
            : bind("getThreadAllocatedBytes", MethodType.methodType(long.class, long.class));

    /** What {@link #current()} reads when the JVM cannot count this thread's allocation. */
    static final long UNAVAILABLE = -1;

    private AllocationMeter() {
    }

    static boolean available() {
        return CURRENT != null || BY_ID != null;
    }

    static long current() {
        try {
            if (CURRENT != null) {
                return (long) CURRENT.invokeExact();
            }
            if (BY_ID != null) {
                return (long) BY_ID.invokeExact(Thread.currentThread().getId());
            }
        } catch (Throwable ignored) {
            // fall through: allocation is a nice-to-have, never a reason to fail a request
        }
        return UNAVAILABLE;
    }

    private static MethodHandle bind(String method, MethodType type) {
        try {
            Object bean = ManagementFactory.getThreadMXBean();
            Class<?> api = Class.forName("com.sun.management.ThreadMXBean");
            if (!api.isInstance(bean)) {
                return null;
            }
            Boolean supported = (Boolean) api.getMethod("isThreadAllocatedMemorySupported").invoke(bean);
            if (!supported) {
                return null;
            }
            api.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(bean, true);
            return MethodHandles.publicLookup().findVirtual(api, method, type).bindTo(bean);
        } catch (Throwable unavailable) {
            return null;
        }
    }
}
