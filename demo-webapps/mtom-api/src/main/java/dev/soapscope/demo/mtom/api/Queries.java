package dev.soapscope.demo.mtom.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;


/**
 * The running queries, shared by the SOAP and the JAX-RS endpoints of every stack's demo WAR (a query started over one
 * can be fetched over another). Each query has a producer thread that fills a bounded queue ({@value #QUEUE_CAPACITY} tuples) with
 * {@link Tuples#generate(int)} and blocks while the queue is full; fetches drain it.
 *
 * <p>A query nobody has fetched from for the idle timeout (60 s in the webapp) is cancelled: its producer stops and
 * its id is forgotten. {@link #close()} cancels everything (the webapp's undeploy).
 */
public final class Queries implements AutoCloseable {

    public static final int QUEUE_CAPACITY = 1000;
    /** How long a fetch waits for a single tuple before it gives up on the producer. */
    private static final long STALL_SECONDS = 30;
    /** Put into the queue after a query's last tuple. Compared by identity. */
    private static final Tuple END = new Tuple(-1, -1, 0, 0, " ".repeat(Tuple.TEXT_LENGTH), 0);

    private final ConcurrentMap<String, Query> queries = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final ExecutorService producers = Executors.newCachedThreadPool(daemons("soapscope-mtom-producer-"));
    private final ScheduledExecutorService reaper =
            Executors.newSingleThreadScheduledExecutor(daemons("soapscope-mtom-reaper-"));
    private final long idleNanos;

    public Queries(Duration idleTimeout) {
        this.idleNanos = idleTimeout.toNanos();
        long period = Math.max(10, Math.min(5_000, idleTimeout.toMillis() / 4));
        reaper.scheduleWithFixedDelay(this::reapIdle, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts a query and returns its request id.
     *
     * @throws IllegalArgumentException if the query asks for more than {@link Tuples#PER_QUERY} tuples
     */
    public String start(String queryText) {
        int limit = Tuples.limitOf(queryText);
        String id = "q" + ids.incrementAndGet();
        Query query = new Query(id, limit);
        queries.put(id, query);
        query.producer = producers.submit(query::produce);
        return id;
    }

    /**
     * The query of {@code requestId}.
     *
     * @throws UnknownQueryException if there is none (never started, timed out or closed)
     */
    public Query get(String requestId) {
        Query query = requestId == null ? null : queries.get(requestId);
        if (query == null) {
            throw new UnknownQueryException(requestId);
        }
        return query;
    }

    /**
     * {@code getNTuples(tuples, requestId)} of every stack: the next (at most) {@code tuples} tuples of the query,
     * drained from its queue, then encoded as one batch ({@link TupleCodec#encode}; an empty array once exhausted).
     *
     * @throws UnknownQueryException if there is no such query
     * @throws UncheckedIOException  if the producer stalled or the query was cancelled
     */
    public byte[] batch(int tuples, String requestId) {
        Query query = get(requestId);
        List<Tuple> batch = new ArrayList<>(Math.min(Math.max(tuples, 0), QUEUE_CAPACITY));
        try {
            query.fetch(tuples, batch::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        return TupleCodec.encode(batch);
    }

    /** Queries not yet timed out, exhausted ones included. */
    public int size() {
        return queries.size();
    }

    private void reapIdle() {
        long now = System.nanoTime();
        for (Query query : queries.values()) {
            // a fetch in progress (a slow streaming client) is not idle
            if (!query.fetchLock.isLocked() && now - query.lastUsed > idleNanos) {
                query.cancel();
                queries.remove(query.id, query);
            }
        }
    }

    @Override
    public void close() {
        reaper.shutdownNow();
        queries.values().forEach(Query::cancel);
        queries.clear();
        producers.shutdownNow();
    }

    /** Hands each fetched tuple on; may fail (a client that went away). */
    @FunctionalInterface
    public interface TupleSink {
        void accept(Tuple tuple) throws IOException;
    }

    /** No query has this request id (any longer). */
    public static final class UnknownQueryException extends IllegalArgumentException {
        UnknownQueryException(String requestId) {
            super("no query with request id " + requestId + " (unknown, or idle too long)");
        }
    }

    /** One running query. */
    public final class Query {
        private final String id;
        private final int limit;
        private final BlockingQueue<Tuple> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        private final ReentrantLock fetchLock = new ReentrantLock();
        private volatile long lastUsed = System.nanoTime();
        private volatile boolean cancelled;
        private volatile Future<?> producer;
        private volatile boolean lastPut;
        /** Guarded by fetchLock. */
        private boolean exhausted;

        private Query(String id, int limit) {
            this.id = id;
            this.limit = limit;
        }

        public String id() {
            return id;
        }

        /** True while the producer thread works for this query (false once it has put the last tuple, or stopped). */
        boolean producing() {
            Future<?> running = producer;
            return !lastPut && (running == null || !running.isDone());
        }

        /**
         * Hands the next (at most) {@code max} tuples to {@code sink} as they come from the producer, and returns how
         * many: fewer than {@code max} only at the end of the query, 0 once it is exhausted. One fetch at a time per
         * query, so each batch is a contiguous run of tuples.
         */
        public int fetch(int max, TupleSink sink) throws IOException {
            if (max < 1) {
                throw new IllegalArgumentException("tuples must be at least 1, not " + max);
            }
            fetchLock.lock();
            try {
                lastUsed = System.nanoTime();
                int count = 0;
                while (count < max && !exhausted) {
                    Tuple tuple = queue.poll(STALL_SECONDS, TimeUnit.SECONDS);
                    if (tuple == null || cancelled) {
                        throw new IOException("query " + id + (cancelled ? " was cancelled" : " stalled: no tuple for "
                                + STALL_SECONDS + " s"));
                    }
                    if (tuple == END) {
                        exhausted = true;
                    } else {
                        sink.accept(tuple);
                        count++;
                    }
                }
                return count;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while fetching from query " + id, e);
            } finally {
                lastUsed = System.nanoTime();
                fetchLock.unlock();
            }
        }

        /** The producer: every tuple, then END; ends early (and quietly) once cancelled. */
        private void produce() {
            try {
                for (int i = 0; i < limit; i++) {
                    if (!put(Tuples.generate(i))) {
                        return;
                    }
                }
                lastPut = true; // before END: a fetch that meets END sees it, whenever this thread gets to end
                put(END);
            } catch (InterruptedException e) {
                // cancelled
            }
        }

        private boolean put(Tuple tuple) throws InterruptedException {
            while (!cancelled) {
                if (queue.offer(tuple, 1, TimeUnit.SECONDS)) {
                    return true;
                }
            }
            return false;
        }

        private void cancel() {
            cancelled = true;
            Future<?> running = producer;
            if (running != null) {
                running.cancel(true);
            }
        }
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
