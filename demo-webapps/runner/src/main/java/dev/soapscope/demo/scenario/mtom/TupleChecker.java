package dev.soapscope.demo.scenario.mtom;

import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Tuple;

/**
 * What the client does with each tuple it receives, as the classic client did (it deserialised each tuple and wrote
 * its string form to a file): formats the tuple ({@link Tuple#toString()}) and writes the characters to a discarding
 * writer that only folds them into a checksum (no file: the figure is the transfer's, not the disk's); and checks it:
 * the tuples of a query must be {@code Tuples.generate(0)}, {@code generate(1)}, ... in that order.
 */
public final class TupleChecker implements Consumer<Tuple> {

    /** What the report says the client does with each tuple. */
    public static final String WHAT_IT_DOES = "each tuple is decoded, checked against Tuples.generate(i) and formatted "
            + "(Tuple.toString) into a discarding Writer that checksums the characters (no file is written)";

    private final Tuple[] expected;
    private final int limit;
    private int next;
    private long chars;
    private int checksum;

    /** A checker for a query of {@code limit} tuples. */
    public TupleChecker(int limit) {
        this.expected = ExpectedTuples.upTo(limit);
        this.limit = limit;
    }

    /** A received tuple that is not the expected one, or one more than the query has. */
    public static final class WrongTuple extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrongTuple(String message) {
            super(message);
        }
    }

    @Override
    public void accept(Tuple tuple) {
        if (next >= limit) {
            throw new WrongTuple("tuple " + next + " received, the query has " + limit);
        }
        if (!expected[next].equals(tuple)) {
            throw new WrongTuple("tuple " + next + " differs from Tuples.generate(" + next + "): got a=" + tuple.a()
                    + ", b=" + tuple.b());
        }
        String text = tuple.toString();
        for (int i = 0; i < text.length(); i++) {
            checksum = 31 * checksum + text.charAt(i);
        }
        chars += text.length() + 1; // and a line break
        next++;
    }

    /** Tuples received (and right) so far. */
    public int count() {
        return next;
    }

    /** Characters written so far. */
    public long chars() {
        return chars;
    }

    /** The checksum of the characters; only there so that formatting cannot be optimised away. */
    public int checksum() {
        return checksum;
    }
}
