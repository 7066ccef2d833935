package dev.soapscope.recorder;

/** Which side a phase or outcome occurs on: a request a JVM serves, a SOAP call it makes, or both. */
final class Sides {
    static final int SERVER = 1;
    static final int CLIENT = 2;
    static final int BOTH = SERVER | CLIENT;

    private Sides() {
    }
}
