package dev.soapscope.demo.scenario.client;

import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Workload;
import dev.soapscope.demo.scenario.Tally;

/**
 * A client scenario: {@value #CALLS_PER_RUN} calls of {@code query} per run, one at a time, through one stack's
 * client, built once and reused ({@code perCall} false) or built, used once and closed for every call, as code that
 * makes its proxy, stub or template inside the method that calls does. Per run: the seconds of its calls in all.
 */
public final class CallsWorkload implements Workload {

    /** Calls per run: the figures are per call, and a run of them is a few seconds even when each builds a client. */
    public static final int CALLS_PER_RUN = 200;
    /** The warm-up run's calls. */
    static final int WARMUP_CALLS = 100;
    private static final String QUERY = "select * from tuples limit 1";

    private final ClientStack stack;
    private final boolean perCall;
    private final String path;
    /** The reused client: built by the first call (the warm-up's), kept for the JVM's life as an application would. */
    private QueryCaller shared;

    public CallsWorkload(ClientStack stack, boolean perCall, String path) {
        this.stack = stack;
        this.perCall = perCall;
        this.path = path;
    }

    public ClientStack stack() {
        return stack;
    }

    public boolean perCall() {
        return perCall;
    }

    @Override
    public String kind() {
        return "calls";
    }

    @Override
    public String clientKit() {
        return stack.kit();
    }

    @Override
    public Map<String, String> clientProperties() {
        return stack.systemProperties();
    }

    /** Every run makes {@link #CALLS_PER_RUN} calls ({@code settings.runs()} runs); the soapAction is unused. */
    @Override
    public Outcome run(URI server, TransferSettings settings, String soapAction, boolean warmUp, String label,
                       PrintStream progress) {
        Tally tally = new Tally();
        URI address = URI.create(server + path);
        int calls = warmUp ? WARMUP_CALLS : CALLS_PER_RUN;
        List<Double> runs = Tally.newRuns();
        int failed = 0;
        for (int run = 0; run < (warmUp ? 1 : settings.runs()); run++) {
            long started = System.nanoTime();
            int errors = callAll(address, calls, tally);
            if (errors == 0) {
                runs.add((System.nanoTime() - started) / 1e9);
            } else {
                failed++;
            }
        }
        tally.size(calls, runs);
        Tally.print(progress, label, kind(), calls, runs, failed);
        return tally.outcome();
    }

    /** Returns how many calls failed. */
    private int callAll(URI address, int calls, Tally tally) {
        int errors = 0;
        for (int i = 0; i < calls; i++) {
            long t = System.nanoTime();
            try {
                if (perCall) {
                    try (QueryCaller caller = stack.open(address)) {
                        check(caller.query(QUERY));
                    }
                } else {
                    if (shared == null) {
                        shared = stack.open(address);
                    }
                    check(shared.query(QUERY));
                }
                tally.latency(System.nanoTime() - t);
            } catch (Exception | LinkageError | java.util.ServiceConfigurationError e) {
                // a stack that cannot load (a missing jar, a broken provider) fails its calls, not the run
                tally.latency(System.nanoTime() - t);
                tally.error(stack.title() + ": " + describe(e));
                errors++;
            }
        }
        return errors;
    }

    private static void check(String requestId) throws java.io.IOException {
        if (requestId == null || requestId.isBlank()) {
            throw new java.io.IOException("no request id in the answer");
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s+", " ").strip();
        String text = e.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
