package dev.soapscope.demo.scenario;

import java.util.List;

/**
 * How the transfer scenarios (the mtom groups) run: the fetch sizes of the query scenarios and how many tuples each
 * query yields, the payload sizes of the echo scenarios, how many measured runs each size gets (the figure is their
 * mean), and whether a warm-up run (every size once, not measured) comes first.
 */
public record TransferSettings(List<Integer> fetchSizes, int tuples, List<Integer> echoSizes, int runs, boolean warmup) {

    /** The classic benchmark's fetch sizes. */
    public static final List<Integer> DEFAULT_FETCH_SIZES = List.of(10, 50, 100, 500, 1000, 2000, 5000, 50000, 100000);
    public static final List<Integer> QUICK_FETCH_SIZES = List.of(100, 1000, 100000);
    public static final int DEFAULT_TUPLES = 100_000;
    public static final List<Integer> DEFAULT_ECHO_SIZES =
            List.of(32 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024, 12 * 1024 * 1024);
    public static final List<Integer> QUICK_ECHO_SIZES = List.of(32 * 1024, 1024 * 1024, 12 * 1024 * 1024);
    public static final int DEFAULT_RUNS = 3;
    public static final int QUICK_RUNS = 1;
    /** Echo payloads of the warm-up run are at most this big: the code paths are the same, the time is not. */
    public static final int WARMUP_ECHO_MAX = 1024 * 1024;

    public TransferSettings {
        fetchSizes = List.copyOf(fetchSizes);
        echoSizes = List.copyOf(echoSizes);
    }

    /** The query text: the mtom WAR's queries yield {@code tuples} tuples when the text ends in {@code limit N}. */
    public String queryText() {
        return "select * from tuples limit " + tuples;
    }
}
