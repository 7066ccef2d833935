package dev.soapscope.demo.mtom.api;

import java.util.Objects;

/**
 * One row of a query result. Serialized by {@link TupleCodec}.
 *
 * @param a    an int ({@link Tuples#generate} puts the tuple's index here)
 * @param b    an int
 * @param x    a double
 * @param y    a double
 * @param text exactly {@value #TEXT_LENGTH} characters
 * @param date a point in time, milliseconds since the epoch (UTC)
 */
public record Tuple(int a, int b, double x, double y, String text, long date) {

    public static final int TEXT_LENGTH = 80;

    public Tuple {
        Objects.requireNonNull(text, "text");
        if (text.length() != TEXT_LENGTH) {
            throw new IllegalArgumentException("text must have " + TEXT_LENGTH + " characters, not " + text.length());
        }
    }
}
