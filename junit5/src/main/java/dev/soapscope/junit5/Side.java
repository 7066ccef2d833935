package dev.soapscope.junit5;

/** Which of the JVM's SOAP traffic an expectation is about. */
public enum Side {
    /** The requests the JVM served: a limit per request. */
    REQUESTS("request served", "requests served"),
    /** The SOAP calls the JVM made: a limit per call. */
    CALLS("call made", "calls made");

    final String one;
    final String many;

    Side(String one, String many) {
        this.one = one;
        this.many = many;
    }
}
