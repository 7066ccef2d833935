package dev.soapscope.demo.mtom.api;

import java.util.List;

/**
 * A query read to its end the way the transfer tests read it, whatever the stack's client: batch after batch of at
 * most {@code fetch} tuples until an empty one, each decoded with {@link TupleCodec} and every tuple {@code i} checked
 * against {@link Tuples#generate(int) generate(i)}. A wrong batch or tuple is an {@link AssertionError} saying which.
 */
public final class TupleBatches {

    /** The server's answer to batch number {@code batch} of the query: its encoded tuples. */
    public interface Source {
        byte[] batch(int batch) throws Exception;
    }

    private TupleBatches() {
    }

    /** Batches a query of {@code tuples} takes at {@code fetch} a time: the full ones, the last part, the empty one. */
    public static int count(int tuples, int fetch) {
        return (tuples + fetch - 1) / fetch + 1;
    }

    /** Reads the {@link #count} batches of a query of {@code tuples} from {@code source} and checks every tuple. */
    public static void fetchAndCheck(int tuples, int fetch, Source source) throws Exception {
        int next = 0;
        for (int batch = 0, batches = count(tuples, fetch); batch < batches; batch++) {
            List<Tuple> got = TupleCodec.decode(source.batch(batch));
            int expected = Math.min(fetch, tuples - next);
            if (got.size() != expected) {
                throw new AssertionError("batch " + batch + ": " + got.size() + " tuples, expected " + expected);
            }
            for (Tuple t : got) {
                if (!Tuples.generate(next).equals(t)) {
                    throw new AssertionError("tuple " + next + " differs from Tuples.generate(" + next + "): " + t);
                }
                next++;
            }
        }
    }
}
