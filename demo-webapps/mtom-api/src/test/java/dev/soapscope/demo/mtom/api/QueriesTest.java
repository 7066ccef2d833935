package dev.soapscope.demo.mtom.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;


class QueriesTest {

    @Test
    void fetchesContiguousBatchesUntilExhausted() throws IOException {
        try (Queries queries = new Queries(Duration.ofSeconds(60))) {
            Queries.Query query = queries.get(queries.start("q limit 2500"));
            List<Tuple> all = new ArrayList<>();
            assertEquals(1000, query.fetch(1000, all::add));
            assertEquals(1000, query.fetch(1000, all::add));
            assertEquals(500, query.fetch(1000, all::add));
            assertEquals(0, query.fetch(1000, all::add));
            assertEquals(0, query.fetch(1, all::add));
            assertEquals(2500, all.size());
            for (int i = 0; i < all.size(); i++) {
                assertEquals(Tuples.generate(i), all.get(i));
            }
            assertFalse(query.producing());
        }
    }

    @Test
    void theProducerWaitsForTheBoundedQueue() throws Exception {
        try (Queries queries = new Queries(Duration.ofSeconds(60))) {
            Queries.Query query = queries.get(queries.start("q"));
            Thread.sleep(200);
            assertTrue(query.producing(), "100,000 tuples do not fit a queue of 1000");
            assertEquals(5, query.fetch(5, t -> { }));
        }
    }

    @Test
    void anIdleQueryIsCancelledAndForgotten() throws Exception {
        try (Queries queries = new Queries(Duration.ofMillis(300))) {
            String id = queries.start("q");
            Queries.Query query = queries.get(id);
            assertEquals(10, query.fetch(10, t -> { }));
            assertTrue(query.producing());
            await(() -> queries.size() == 0, "the idle query is forgotten");
            await(() -> !query.producing(), "its producer stops");
            assertThrows(Queries.UnknownQueryException.class, () -> queries.get(id));
            assertThrows(IOException.class, () -> query.fetch(1, t -> { }), "a cancelled query fails, no hang");
        }
    }

    @Test
    void aFetchInProgressIsNotIdle() throws Exception {
        try (Queries queries = new Queries(Duration.ofMillis(200))) {
            Queries.Query query = queries.get(queries.start("q limit 3000"));
            CountDownLatch slowClient = new CountDownLatch(1);
            // a client that takes longer than the idle timeout to consume one batch
            assertEquals(2000, query.fetch(2000, t -> {
                if (t.a() == 1000) {
                    try {
                        slowClient.await(600, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }));
            assertEquals(1, queries.size());
            assertEquals(1000, query.fetch(2000, t -> { }));
        }
    }

    @Test
    void closeStopsEveryProducer() throws Exception {
        Queries queries = new Queries(Duration.ofSeconds(60));
        List<Queries.Query> started = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            started.add(queries.get(queries.start("q")));
        }
        queries.close();
        for (Queries.Query query : started) {
            await(() -> !query.producing(), "producer of " + query.id() + " stops");
        }
        assertEquals(0, queries.size());
        await(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("soapscope-mtom-") && t.isAlive()), "no thread is left");
    }

    @Test
    void rejectsWhatIsNotAQueryOrAFetch() {
        try (Queries queries = new Queries(Duration.ofSeconds(60))) {
            assertThrows(Queries.UnknownQueryException.class, () -> queries.get("q-none"));
            assertThrows(Queries.UnknownQueryException.class, () -> queries.get(null));
            assertThrows(IllegalArgumentException.class, () -> queries.start("q limit 100001"));
            Queries.Query query = queries.get(queries.start("q limit 1"));
            assertThrows(IllegalArgumentException.class, () -> query.fetch(0, t -> { }));
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(20);
        }
    }
}
