package dev.soapscope.demo.scenario;

import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.soapscope.demo.load.LoadResult;

/**
 * A scenario that drives the server with its own client rather than the {@link dev.soapscope.demo.load.LoadDriver}:
 * the mtom groups, whose CXF and JAX-RS clients fetch query results batch by batch or echo binary payloads, one
 * request at a time as the classic benchmark did.
 */
public interface Workload {

    /**
     * What the workload measures per size: {@code fetch} (seconds per whole query result), {@code echo} or
     * {@code calls} (seconds per run of calls).
     */
    String kind();

    /**
     * Null when the workload's client is a SOAP stack the agent measures in the client JVM; else why the client side
     * has no figures (a JAX-RS client).
     */
    default String unmeasuredClient() {
        return null;
    }

    /**
     * The client kit whose jars go first on the client JVM's class path ({@code demo-webapps/clients/KIT}), null when
     * the runner's own class path has the client's stack.
     */
    default String clientKit() {
        return null;
    }

    /** System properties the client JVM needs. */
    default Map<String, String> clientProperties() {
        return Map.of();
    }

    /**
     * Runs every size of {@code settings} ({@code settings.runs()} times each, or once when {@code warmUp}), every
     * request labelled with {@code soapAction}. Failures are counted and described, never thrown.
     *
     * @param server   {@code http://127.0.0.1:PORT}
     * @param label    how progress lines name the run
     * @param progress where a line goes after each size, or null
     */
    Outcome run(URI server, TransferSettings settings, String soapAction, boolean warmUp, String label,
                PrintStream progress) throws InterruptedException;

    /**
     * What the client saw: every HTTP request as one in {@code load} (body bytes there are zero: the agent counts
     * them), and per size the seconds of each good run (an empty list when every run failed).
     */
    record Outcome(LoadResult load, Map<Integer, List<Double>> seconds) {

        /** A run that could not be made at all ({@code reason}): one failed request, no size measured. */
        public static Outcome failed(String reason) {
            return new Outcome(new LoadResult(1, 1, 0, new long[] {0}, 0, 0, Map.of(reason, 1), 0), Map.of());
        }
    }
}
