package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.SplittableRandom;

import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Tally;
import dev.soapscope.demo.scenario.Workload;

/**
 * MtomEcho round trips: at each size, random bytes and a text with XML specials sent and checked on their way back,
 * {@code runs} times; the figure is the mean time of a round trip. The warm-up sends each size up to
 * {@link TransferSettings#WARMUP_ECHO_MAX} once.
 */
public final class EchoWorkload implements Workload {

    private final String path;
    private final boolean mtom;

    /** @param path the endpoint, {@code /mtom/services/echo} or {@code /mtom/services/echo-mtom} */
    public EchoWorkload(String path, boolean mtom) {
        this.path = path;
        this.mtom = mtom;
    }

    @Override
    public String kind() {
        return "echo";
    }

    @Override
    public Outcome run(URI server, TransferSettings settings, String soapAction, boolean warmUp, String label,
                       PrintStream progress) {
        Tally tally = new Tally();
        CxfEchoClient client;
        try {
            client = new CxfEchoClient(URI.create(server + path), mtom);
        } catch (RuntimeException e) {
            tally.failedRequest("client: " + FetchLoop.describe(e));
            return tally.outcome();
        }
        try (client) {
            client.label(soapAction);
            java.util.Set<Integer> warmed = new java.util.HashSet<>();
            for (int size : settings.echoSizes()) {
                int sent = warmUp ? Math.min(size, TransferSettings.WARMUP_ECHO_MAX) : size;
                if (warmUp && !warmed.add(sent)) {
                    continue; // capped to a size already warmed up
                }
                byte[] data = payload(sent);
                String text = "soapscope echo of " + sent + " bytes <&> \u00e9";
                List<Double> runs = Tally.newRuns();
                int failed = 0;
                for (int run = 0; run < (warmUp ? 1 : settings.runs()); run++) {
                    long t = System.nanoTime();
                    String problem;
                    try {
                        problem = client.echo(text, data);
                    } catch (IOException | RuntimeException e) {
                        problem = FetchLoop.describe(e);
                    }
                    long nanos = System.nanoTime() - t;
                    tally.latency(nanos);
                    if (problem == null) {
                        runs.add(nanos / 1e9);
                    } else {
                        tally.error("echo of " + Tally.sizeLabel("echo", sent) + ": " + problem);
                        failed++;
                    }
                }
                tally.size(size, runs);
                Tally.print(progress, label, "echo", sent, runs, failed);
            }
        }
        return tally.outcome();
    }

    /** Incompressible bytes, every value, the same for the same size. */
    static byte[] payload(int size) {
        byte[] data = new byte[size];
        new SplittableRandom(size).nextBytes(data);
        return data;
    }
}
