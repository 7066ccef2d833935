package dev.soapscope.agent;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;

import java.util.concurrent.CountDownLatch;

/**
 * Run on Java 21+ by {@link VirtualThreadMemoryIT}: N virtual threads each open a request, enter a phase and park, as
 * many requests in flight at once; prints the heap they hold, with the recorder and without it, while parked and after
 * they ended. Java 17 code: virtual threads are reached by reflection.
 */
public final class ParkedVirtualRequests {
    private ParkedVirtualRequests() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Recorder.configure(RecorderSettings.DEFAULTS);
        Object bare = measure(n, false);
        Object recorded = measure(n, true);
        System.out.println("bare " + bare);
        System.out.println("recorded " + recorded);
    }

    /** "PARKED_BYTES AFTER_BYTES": the heap growth while the threads are parked, and once they have ended. */
    private static String measure(int n, boolean record) throws Exception {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        // the public interface's method: the builder's own class is not open to us
        java.lang.reflect.Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
        long before = used();
        CountDownLatch parked = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            start.invoke(builder, (Runnable) () -> {
                int token = record ? Recorder.requestStart() : 0;
                if (record) {
                    Naming.nameRequest(NameSource.STACK, "{urn:parked}op");
                    Recorder.enter(Phase.INVOKE);
                }
                parked.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (record) {
                    Recorder.exit(Phase.INVOKE);
                    Recorder.requestEnd(token, 200, false);
                }
                done.countDown();
            });
        }
        parked.await();
        long during = used() - before;
        go.countDown();
        done.await();
        long after = used() - before;
        return during + " " + after;
    }

    private static long used() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
