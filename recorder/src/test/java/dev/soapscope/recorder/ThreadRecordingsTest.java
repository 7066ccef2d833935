package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The thread's recording through its id's slot: always the thread's own, whatever other threads share the slot. */
class ThreadRecordingsTest {
    @Test
    void eachOfMoreThreadsThanSlotsAlwaysGetsItsOwnRecording() throws Exception {
        ThreadRecordings recordings = new ThreadRecordings();
        int threads = 600; // more than the slots: ids share them
        CyclicBarrier together = new CyclicBarrier(threads);
        AtomicInteger wrong = new AtomicInteger();
        List<Thread> started = new ArrayList<Thread>();
        for (int n = 0; n < threads; n++) {
            Thread t = new Thread(() -> {
                try {
                    ThreadRecording mine = recordings.get();
                    together.await();
                    for (int i = 0; i < 2_000; i++) {
                        if (recordings.get() != mine) {
                            wrong.incrementAndGet();
                        }
                        if (i % 100 == 0) { // another thread of the same slot may take it meanwhile
                            Thread.yield();
                        }
                    }
                } catch (Exception e) {
                    wrong.incrementAndGet();
                }
            });
            t.start();
            started.add(t);
        }
        for (Thread t : started) {
            t.join();
        }
        assertEquals(0, wrong.get());
    }

    @Test
    void aRecordingSetOrRemovedIsWhatTheNextGetAnswers() {
        ThreadRecordings recordings = new ThreadRecordings();
        ThreadRecording first = recordings.get();
        assertSame(first, recordings.get());
        ThreadRecording shard = new ThreadRecording();
        recordings.set(shard);
        assertSame(shard, recordings.get());
        recordings.set(first);
        assertSame(first, recordings.get());
        recordings.remove();
        ThreadRecording fresh = recordings.get();
        assertNotSame(first, fresh);
        assertSame(fresh, recordings.get());
    }

    @Test
    void aThreadWhoseSlotALiveThreadHoldsSetsAndGetsItsOwn() throws Exception {
        ThreadRecordings recordings = new ThreadRecordings();
        ThreadRecording[] seen = new ThreadRecording[3];
        ThreadRecording shard = new ThreadRecording();
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch setterDone = new CountDownLatch(1);
        Thread setter = new Thread(() -> {
            recordings.set(shard);
            seen[0] = recordings.get();
        });
        Thread occupant;
        do { // a thread whose id falls in the setter's slot, holding it while the setter sets
            occupant = new Thread(() -> {
                seen[1] = recordings.get();
                holding.countDown();
                try {
                    setterDone.await();
                } catch (InterruptedException e) {
                    return;
                }
                seen[2] = recordings.get();
            });
        } while ((occupant.getId() & (ThreadRecordings.SLOTS - 1)) != (setter.getId() & (ThreadRecordings.SLOTS - 1)));
        occupant.start();
        holding.await();
        setter.start();
        setter.join();
        setterDone.countDown();
        occupant.join();
        assertSame(shard, seen[0]);
        assertNotSame(shard, seen[1]);
        assertSame(seen[1], seen[2]);
    }
}
