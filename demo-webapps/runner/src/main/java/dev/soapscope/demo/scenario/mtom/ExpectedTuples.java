package dev.soapscope.demo.scenario.mtom;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.Tuples;

/**
 * {@link Tuples#generate(int)} 0, 1, 2, ..., generated once before anything is timed, so that checking a received
 * tuple costs a comparison, not the generator.
 */
final class ExpectedTuples {

    private static volatile Tuple[] cache = new Tuple[0];

    private ExpectedTuples() {
    }

    /** At least the first {@code count} tuples. */
    static Tuple[] upTo(int count) {
        Tuple[] tuples = cache;
        if (tuples.length >= count) {
            return tuples;
        }
        synchronized (ExpectedTuples.class) {
            tuples = cache;
            if (tuples.length < count) {
                Tuple[] more = java.util.Arrays.copyOf(tuples, count);
                for (int i = tuples.length; i < count; i++) {
                    more[i] = Tuples.generate(i);
                }
                cache = more;
                tuples = more;
            }
            return tuples;
        }
    }
}
