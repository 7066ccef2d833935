package dev.soapscope.demo.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.soapscope.demo.scenario.mtom.HeapLadder;

/**
 * What a transfer scenario (the mtom groups) measured beyond what every scenario has: seconds per size (each good
 * run's, and their mean), the classic figures beside them, the server's heap, and where its wire bytes come from.
 *
 * @param kind           {@code fetch} (seconds for a whole query result, per fetch size) or {@code echo} (seconds per
 *                       round trip, per payload size)
 * @param runSeconds     size to the seconds of each good run, in the order run; an empty list when all failed
 * @param classicSeconds size to the classic figure; empty when there is none
 * @param heap           the server's heap while the scenario ran, null when the server could not say
 * @param endpoint       what the report shows as the scenario's address
 * @param heapLadder     the smallest -Xmx with which the server completed fetch 50,000; null when not tried
 * @param clientHeapLadder the smallest -Xmx with which the client (in its own JVM, against a server with its default
 *                       heap) completed fetch 50,000; null when not tried
 */
public record TransferFigures(String kind, Map<Integer, List<Double>> runSeconds, Map<Integer, Double> classicSeconds,
                              HeapFigures heap, String endpoint, HeapLadder.Result heapLadder,
                              HeapLadder.Result clientHeapLadder) {

    public static final String FETCH = "fetch";
    public static final String ECHO = "echo";

    public TransferFigures {
        runSeconds = new LinkedHashMap<>(runSeconds);
        classicSeconds = new LinkedHashMap<>(classicSeconds);
    }

    /**
     * The server's heap in bytes: {@code base} in use after the full GC that started the scenario, {@code peak} the
     * most in use at any moment after it (sampled every 10 ms, and exactly before each GC), {@code peakAfterGc} the
     * most left after a GC (-1 when none ran), {@code collections} how many GCs ran.
     */
    public record HeapFigures(long base, long peak, long peakAfterGc, long collections) {
    }

    public TransferFigures(String kind, Map<Integer, List<Double>> runSeconds, Map<Integer, Double> classicSeconds,
                           HeapFigures heap, String endpoint) {
        this(kind, runSeconds, classicSeconds, heap, endpoint, null, null);
    }

    /** These figures with the heap ladders' results, the server's and the client's. */
    public TransferFigures withHeapLadders(HeapLadder.Result server, HeapLadder.Result client) {
        return new TransferFigures(kind, runSeconds, classicSeconds, heap, endpoint, server, client);
    }

    public boolean isFetch() {
        return FETCH.equals(kind);
    }

    /** The mean of the good runs at {@code size}; NaN when none was good or the size was not run. */
    public double mean(int size) {
        List<Double> runs = runSeconds.get(size);
        return runs == null ? Double.NaN : runs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Size to mean seconds, in the order run. */
    public Map<Integer, Double> means() {
        Map<Integer, Double> means = new LinkedHashMap<>();
        runSeconds.keySet().forEach(size -> means.put(size, mean(size)));
        return means;
    }

    /** Sizes run or with a classic figure, smallest first. */
    public List<Integer> sizes() {
        Map<Integer, Boolean> all = new TreeMap<>();
        runSeconds.keySet().forEach(s -> all.put(s, true));
        classicSeconds.keySet().forEach(s -> all.put(s, true));
        return List.copyOf(all.keySet());
    }
}
