package dev.soapscope.demo.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class AllocatedBytesTest {
    private static volatile Object sink;

    @Test
    void countsWhatAnotherLiveThreadAllocated() throws Exception {
        CountDownLatch allocated = new CountDownLatch(1);
        CountDownLatch measured = new CountDownLatch(1);
        long before = AllocatedBytes.ofLiveThreads()[0];
        Thread t = new Thread(() -> {
            for (int i = 0; i < 64; i++) {
                sink = new byte[1 << 20];
            }
            allocated.countDown();
            try {
                measured.await(); // stays alive, so its count is still there to read
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        allocated.await();
        long[] after = AllocatedBytes.ofLiveThreads();
        measured.countDown();
        t.join();
        assertTrue(after[0] - before >= 64L << 20, "64 MB allocated, counted " + (after[0] - before));
        assertTrue(after[1] >= 2, "this thread and the allocating one, counted " + after[1]);
    }
}
