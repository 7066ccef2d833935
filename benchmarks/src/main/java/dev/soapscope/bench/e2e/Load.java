package dev.soapscope.bench.e2e;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import dev.soapscope.demo.load.HttpConnection;

/**
 * Closed-loop load over C keep-alive connections, C threads: each sends the next request as soon as the previous
 * answer is in and checked, until the time is up (or, for piling up requests, until N are sent). Every response is
 * checked; a wrong one is an error. Throughput is completed requests over the wall time from the moment all
 * connections are open to the last answer.
 */
final class Load {
    private Load() {
    }

    record Result(long requests, long errors, long wallNanos, long[] latencies, Map<String, Long> reasons) {
        double throughput() {
            return requests / (wallNanos / 1e9);
        }

        /** Nearest-rank quantile of the latencies, ms. */
        double latencyMs(double q) {
            if (latencies.length == 0) {
                return 0;
            }
            int rank = (int) Math.ceil(q * latencies.length);
            return latencies[Math.min(latencies.length - 1, Math.max(0, rank - 1))] / 1e6;
        }

        double meanMs() {
            return Arrays.stream(latencies).average().orElse(0) / 1e6;
        }
    }

    /** Runs for {@code seconds}. */
    static Result timed(int port, String path, String action, List<Requests.Request> pool, int concurrency,
                        double seconds) throws InterruptedException {
        return run(port, path, action, pool, concurrency, (long) (seconds * 1e9), Long.MAX_VALUE);
    }

    /** Sends exactly {@code total} requests. */
    static Result counted(int port, String path, String action, List<Requests.Request> pool, int concurrency,
                          long total) throws InterruptedException {
        return run(port, path, action, pool, concurrency, Long.MAX_VALUE, total);
    }

    private static Result run(int port, String path, String action, List<Requests.Request> pool, int concurrency,
                              long nanos, long total) throws InterruptedException {
        AtomicLong next = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        Map<String, Long> reasons = new TreeMap<>();
        CountDownLatch connected = new CountDownLatch(concurrency);
        CountDownLatch go = new CountDownLatch(1);
        long[][] perThread = new long[concurrency][];
        int[] counts = new int[concurrency];
        long[] startAt = new long[1];
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < concurrency; w++) {
            int worker = w;
            Thread t = new Thread(() -> {
                long[] lat = new long[4096];
                int n = 0;
                try (HttpConnection client = new HttpConnection("127.0.0.1", port)) {
                    try {
                        client.open();
                    } catch (IOException e) {
                        // the first request reconnects and counts the failure
                    }
                    connected.countDown();
                    go.await();
                    long deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : startAt[0] + nanos;
                    for (long i = next.getAndIncrement(); i < total && System.nanoTime() < deadline;
                         i = next.getAndIncrement()) {
                        Requests.Request request = pool.get((int) (i % pool.size()));
                        long start = System.nanoTime();
                        String problem;
                        try {
                            HttpConnection.Response r = client.post(path, action, request.body());
                            problem = request.problem(r.status(), r.body());
                        } catch (IOException | RuntimeException e) {
                            problem = "I/O: " + e;
                        }
                        long took = System.nanoTime() - start;
                        if (n == lat.length) {
                            lat = Arrays.copyOf(lat, n * 2);
                        }
                        lat[n++] = took;
                        if (problem != null) {
                            errors.incrementAndGet();
                            synchronized (reasons) {
                                reasons.merge(problem.length() > 160 ? problem.substring(0, 160) : problem, 1L, Long::sum);
                            }
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                perThread[worker] = lat;
                counts[worker] = n;
            }, "bench-load-" + w);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        connected.await();
        startAt[0] = System.nanoTime();
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long wall = System.nanoTime() - startAt[0];
        int sum = 0;
        for (int c : counts) {
            sum += c;
        }
        long[] all = new long[sum];
        int at = 0;
        for (int w = 0; w < concurrency; w++) {
            System.arraycopy(perThread[w], 0, all, at, counts[w]);
            at += counts[w];
        }
        Arrays.sort(all);
        return new Result(sum, errors.get(), wall, all, reasons);
    }
}
