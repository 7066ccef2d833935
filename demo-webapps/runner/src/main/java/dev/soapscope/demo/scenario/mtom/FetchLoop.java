package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.util.function.LongConsumer;

/**
 * One run of the classic benchmark at one fetch size: start the query, then fetch batches of {@code fetchSize} until
 * a batch comes back short (or empty, when the fetch size divides the result); every tuple goes through a
 * {@link TupleChecker}, every batch must be exactly {@code min(fetchSize, tuples left)} long, and the run must end
 * with all the query's tuples. The time is the whole result's, from the query request to the last batch.
 */
public final class FetchLoop {

    private FetchLoop() {
    }

    /** A run that went right: its wall time and the requests it took. */
    public record Run(long nanos, int requests, int tuples, long chars) {
        public double seconds() {
            return nanos / 1e9;
        }
    }

    /** A run that went wrong, after {@code requests} requests (the failed one included); the message says why. */
    public static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;
        private final int requests;

        Failure(String message, int requests, Throwable cause) {
            super(message, cause);
            this.requests = requests;
        }

        public int requests() {
            return requests;
        }
    }

    /**
     * @param tuples    how many tuples the query yields
     * @param latencies given each request's time in nanoseconds, the failed one included
     */
    public static Run run(QueryClient client, String queryText, int tuples, int fetchSize, LongConsumer latencies)
            throws Failure {
        if (fetchSize < 1) {
            throw new IllegalArgumentException("fetch size < 1: " + fetchSize);
        }
        TupleChecker checker = new TupleChecker(tuples);
        int requests = 0;
        long started = System.nanoTime();
        String id;
        long t = System.nanoTime();
        try {
            requests++;
            id = client.start(queryText);
        } catch (IOException | RuntimeException e) {
            throw new Failure("query: " + describe(e), requests, e);
        } finally {
            latencies.accept(System.nanoTime() - t);
        }
        if (id == null || id.isBlank()) {
            throw new Failure("query: no request id", requests, null);
        }
        for (int batch = 0; ; batch++) {
            int before = checker.count();
            int count;
            t = System.nanoTime();
            try {
                requests++;
                count = client.fetch(id, fetchSize, checker);
            } catch (IOException | RuntimeException e) {
                throw new Failure("batch " + batch + ": " + describe(e), requests, e);
            } finally {
                latencies.accept(System.nanoTime() - t);
            }
            if (count != checker.count() - before) {
                throw new Failure("batch " + batch + ": the client counted " + count + " tuples, the checker "
                        + (checker.count() - before), requests, null);
            }
            int expected = Math.min(fetchSize, tuples - before);
            if (count != expected) {
                throw new Failure("batch " + batch + ": " + count + " tuples, expected " + expected, requests, null);
            }
            if (count < fetchSize) {
                break;
            }
        }
        long nanos = System.nanoTime() - started;
        if (checker.count() != tuples) {
            throw new Failure(checker.count() + " tuples in all, expected " + tuples, requests, null);
        }
        return new Run(nanos, requests, checker.count(), checker.chars());
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        String name = e instanceof TupleChecker.WrongTuple ? "wrong tuple" : e.getClass().getSimpleName();
        if (message == null || message.isBlank()) {
            return name;
        }
        message = message.replaceAll("\\s+", " ").strip();
        return name + ": " + (message.length() > 200 ? message.substring(0, 200) + "..." : message);
    }
}
