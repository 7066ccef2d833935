package dev.soapscope.testkit;

/**
 * Options for the JVMs tests fork (servers, sample clients). They compile with C1 only: each lives seconds, and on
 * two cores C2 compiling the agent's and the stacks' start-up code was about 40% of a forked JVM's CPU (CXF's
 * dispatch sample ITs: 39 s of CPU against 68 s, 26 s against 37 s of test time). What the tests assert (counts,
 * names, shares, profiles of the same run) does not depend on it; the benchmarks, which measure the JIT's work too,
 * fork their own JVMs. Not for crypto: C1 has none of C2's intrinsics for it, and a test of signatures or TLS
 * handshakes ran slower (Rampart's 16 s to 26 s): those forks ask for {@code fullJit()}. Pass
 * {@code -Dsoapscope.test.fullJit=true} to Maven to fork every one with the JDK's default.
 */
public final class TestJvms {
    private TestJvms() {
    }

    /** The options every forked test JVM gets before its own (none with {@code soapscope.test.fullJit}). */
    public static java.util.List<String> options() {
        return options(false);
    }

    /** As {@link #options()}; none for a fork that asked for the JDK's default JIT ({@code fullJit}). */
    public static java.util.List<String> options(boolean fullJit) {
        return fullJit || Boolean.getBoolean("soapscope.test.fullJit") ? java.util.List.of()
                : java.util.List.of("-XX:TieredStopAtLevel=1");
    }
}
