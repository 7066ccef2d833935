package dev.soapscope.demo.scenario.mtom;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The classic memory claim put to each stack: the smallest server heap (-Xmx) from a short ladder with which the
 * server completes one whole query fetched {@value #FETCH_SIZE} tuples at a time. The classic: Axis 1.4 and Axis2 ran
 * out of memory there with the default 128 MB (512 MB worked), CXF was leaner. Rungs are tried smallest first, each on
 * a fresh server, until one completes.
 */
public final class HeapLadder {

    /** The rungs, in MB. */
    public static final List<Integer> RUNGS_MB = List.of(64, 128, 256, 512);
    /** The fetch size whose batch has to fit. */
    public static final int FETCH_SIZE = 50_000;
    /** What the classic found, for the report. */
    public static final String CLASSIC = "classic: Axis 1.4 and Axis2 1.5 ran out of memory at fetch 50,000 with the "
            + "default 128 MB heap, 512 MB worked; CXF was leaner";

    private HeapLadder() {
    }

    /** One rung's try: null when the server completed the fetch, else why not. */
    @FunctionalInterface
    public interface Attempt {
        String at(int heapMb) throws InterruptedException;
    }

    /**
     * @param smallestMb the smallest rung that worked, -1 when none did
     * @param failures   each rung tried before it (or every rung, when none worked) and why it failed, smallest first
     */
    public record Result(int smallestMb, Map<Integer, String> failures) {
        public Result {
            failures = new LinkedHashMap<>(failures);
        }

        public boolean completed() {
            return smallestMb > 0;
        }
    }

    /** Tries {@code rungs} smallest first until one works. */
    public static Result climb(List<Integer> rungs, Attempt attempt) throws InterruptedException {
        Map<Integer, String> failures = new LinkedHashMap<>();
        for (int mb : rungs.stream().sorted().toList()) {
            String problem = attempt.at(mb);
            if (problem == null) {
                return new Result(mb, failures);
            }
            failures.put(mb, problem);
        }
        return new Result(-1, failures);
    }
}
