package dev.soapscope.demo.server;

/**
 * What the runner and the forked {@code TomcatLauncher} say to each other, without Tomcat: the runner jar does not
 * carry Tomcat (only the nested server jar does), so the runner side must not touch the launcher class itself.
 *
 * <p>The launcher prints {@link #PORT_LINE_PREFIX}PORT when it is ready, then reads commands from standard input, one
 * a line, and answers each on standard output; the end of standard input stops it.
 */
public final class LauncherProtocol {

    public static final String LAUNCHER_CLASS = "dev.soapscope.demo.server.TomcatLauncher";
    public static final String PORT_LINE_PREFIX = "SOAPSCOPE_DEMO_PORT=";

    /** Command: run a full GC, then start a new heap peak from what is in use now. */
    public static final String HEAP_RESET = "heap-reset";
    /** Command: report the heap peak since the last reset. */
    public static final String HEAP_PEAK = "heap-peak";
    /**
     * The answer to either command: {@code SOAPSCOPE_DEMO_HEAP=<used now> <peak used> <peak used after a GC, -1 when
     * no GC ran> <GCs since the reset>}, bytes.
     */
    public static final String HEAP_LINE_PREFIX = "SOAPSCOPE_DEMO_HEAP=";
    /**
     * Command: the bytes every live thread has allocated so far, summed (the benchmarks read it before and after a run
     * and divide the difference by its requests). Answer: {@code SOAPSCOPE_DEMO_ALLOCATED=<bytes> <threads>}.
     */
    public static final String ALLOCATED_BYTES = "allocated-bytes";
    public static final String ALLOCATED_LINE_PREFIX = "SOAPSCOPE_DEMO_ALLOCATED=";

    private LauncherProtocol() {
    }
}
