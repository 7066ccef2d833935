package dev.soapscope.recorder;

/**
 * Which side a phase or outcome occurs on: a request a JVM serves, a SOAP call it makes, or both. Declared once for
 * both vocabularies ({@link Phase}, {@link Outcome}), which carry a mask of these.
 */
final class Sides {
    static final int SERVER = 1;
    static final int CLIENT = 2;
    static final int BOTH = SERVER | CLIENT;

    /** A value of a vocabulary that has sides. */
    interface Sided {
        int sides();
    }

    private Sides() {
    }

    static boolean on(int sides, boolean client) {
        return (sides & (client ? CLIENT : SERVER)) != 0;
    }

    /** How many of {@code values} a side can have: what sizes its metric series. */
    static int count(Sided[] values, boolean client) {
        int n = 0;
        for (Sided v : values) {
            n += on(v.sides(), client) ? 1 : 0;
        }
        return n;
    }
}
