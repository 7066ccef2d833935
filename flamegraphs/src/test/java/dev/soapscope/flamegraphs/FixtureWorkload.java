package dev.soapscope.flamegraphs;

import one.profiler.AsyncProfiler;
import one.profiler.Span;

/**
 * The program behind the JFR fixtures, run in its own JVM by {@link FixtureGenerator}: fake requests whose
 * parse and unmarshal phases are busy loops in {@link #parseHot} and {@link #unmarshalHot}, each inside an
 * async-profiler span tagged like the agent tags phases, with a little untagged work between requests
 * ({@link #betweenRequests}), recorded as JFR.
 *
 * <p>Arguments: JFR file, requests, parse us, unmarshal us, unmarshal us of every third request, us between
 * requests.
 */
public final class FixtureWorkload {
    private static volatile long sink;

    private FixtureWorkload() {
    }

    public static void main(String[] args) throws Exception {
        String jfr = args[0];
        int requests = Integer.parseInt(args[1]);
        long parseUs = Long.parseLong(args[2]);
        long unmarshalUs = Long.parseLong(args[3]);
        long thirdUnmarshalUs = Long.parseLong(args[4]);
        long betweenUs = Long.parseLong(args[5]);

        for (int i = 0; i < 300; i++) { // JIT-compile the loops first: steadier stacks
            request(i, 20, 20, 20, 5);
        }
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=cpu,interval=1ms,jfr,file=" + jfr);
        for (int i = 0; i < requests; i++) {
            request(i, parseUs, unmarshalUs, thirdUnmarshalUs, betweenUs);
        }
        profiler.execute("stop");
    }

    private static void request(int i, long parseUs, long unmarshalUs, long thirdUnmarshalUs, long betweenUs) {
        long span = Span.start();
        sink += parseHot(parseUs);
        Span.end(span, "soap.parse");
        span = Span.start();
        sink += unmarshalHot(i % 3 == 2 ? thirdUnmarshalUs : unmarshalUs);
        Span.end(span, "unmarshal");
        sink += betweenRequests(betweenUs);
    }

    // Three copies of one loop, so that each method is the leaf frame of its own samples.

    static long parseHot(long micros) {
        long end = System.nanoTime() + micros * 1000;
        long x = 17;
        do {
            for (int k = 0; k < 2000; k++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        } while (System.nanoTime() < end);
        return x;
    }

    static long unmarshalHot(long micros) {
        long end = System.nanoTime() + micros * 1000;
        long x = 19;
        do {
            for (int k = 0; k < 2000; k++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        } while (System.nanoTime() < end);
        return x;
    }

    static long betweenRequests(long micros) {
        long end = System.nanoTime() + micros * 1000;
        long x = 23;
        do {
            for (int k = 0; k < 2000; k++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        } while (System.nanoTime() < end);
        return x;
    }
}
