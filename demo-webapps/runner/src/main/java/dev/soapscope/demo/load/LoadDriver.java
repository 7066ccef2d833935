package dev.soapscope.demo.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.soapscope.demo.scenario.PreparedRequest;

/**
 * Sends exactly N requests over a fixed number C of keep-alive connections: C threads, each with its own
 * {@link HttpConnection}, take the next request number until N are taken. Each request ends as good or as an
 * error (HTTP failure, wrong answer, I/O error), counted once. Throughput is N over the wall time from the moment
 * all connections are open to the last response.
 */
public final class LoadDriver {

    private static final int MAX_REASONS = 20;
    private static final String OTHER_REASONS = "(other reasons)";

    private final String host;
    private final int port;

    public LoadDriver(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /**
     * @param pool     the requests, cycled through: request number i sends {@code pool.get(i % pool.size())}
     * @param progress where to show progress, or null for none
     */
    public LoadResult run(String label, String path, String soapAction, List<PreparedRequest> pool, int total,
                          int concurrency, Progress progress) throws InterruptedException {
        int workers = Math.max(1, Math.min(concurrency, total));
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        AtomicLong requestBytes = new AtomicLong();
        AtomicLong responseBytes = new AtomicLong();
        AtomicInteger connections = new AtomicInteger();
        Map<String, AtomicInteger> reasons = new ConcurrentHashMap<>();
        long[] latencies = new long[total];
        CountDownLatch connected = new CountDownLatch(workers);
        CountDownLatch go = new CountDownLatch(1);

        List<Thread> threads = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            Thread t = new Thread(() -> {
                try (HttpConnection connection = new HttpConnection(host, port)) {
                    try {
                        connection.open();
                    } catch (IOException e) {
                        // the first request retries and counts the failure
                    }
                    connected.countDown();
                    go.await();
                    for (int i = next.getAndIncrement(); i < total; i = next.getAndIncrement()) {
                        PreparedRequest request = pool.get(i % pool.size());
                        long start = System.nanoTime();
                        String problem = exchange(connection, path, soapAction, request, requestBytes, responseBytes);
                        latencies[i] = System.nanoTime() - start;
                        if (problem != null) {
                            errors.incrementAndGet();
                            count(reasons, problem);
                        }
                        done.incrementAndGet();
                    }
                    connections.addAndGet(connection.connects());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "soapscope-load-" + w);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }

        connected.await();
        long start = System.nanoTime();
        go.countDown();
        while (!joinAll(threads, 1000)) {
            if (progress != null) {
                progress.update(label, done.get(), total, errors.get(), System.nanoTime() - start);
            }
        }
        long wall = System.nanoTime() - start;
        if (progress != null) {
            progress.finish(label, done.get(), total, errors.get(), wall);
        }
        Arrays.sort(latencies);
        return new LoadResult(total, errors.get(), wall, latencies, requestBytes.get(), responseBytes.get(),
                sorted(reasons), connections.get());
    }

    /** Null when the exchange went right, else why not. Never throws: every request is counted. */
    private static String exchange(HttpConnection connection, String path, String soapAction, PreparedRequest request,
                                   AtomicLong requestBytes, AtomicLong responseBytes) {
        try {
            requestBytes.addAndGet(request.body().length);
            HttpConnection.Response response = connection.post(path, soapAction, request.body());
            responseBytes.addAndGet(response.body().length);
            return request.check().problem(response.status(), response.body());
        } catch (IOException e) {
            return "I/O: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        } catch (RuntimeException e) {
            return "client: " + e;
        }
    }

    private static void count(Map<String, AtomicInteger> reasons, String reason) {
        String key = reasons.containsKey(reason) || reasons.size() < MAX_REASONS ? reason : OTHER_REASONS;
        reasons.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    private static Map<String, Integer> sorted(Map<String, AtomicInteger> reasons) {
        Map<String, Integer> out = new LinkedHashMap<>();
        reasons.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue().get(), a.getValue().get()))
                .forEach(e -> out.put(e.getKey(), e.getValue().get()));
        return out;
    }

    private static boolean joinAll(List<Thread> threads, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        for (Thread t : threads) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return threads.stream().noneMatch(Thread::isAlive);
            }
            t.join(left);
        }
        return threads.stream().noneMatch(Thread::isAlive);
    }
}
