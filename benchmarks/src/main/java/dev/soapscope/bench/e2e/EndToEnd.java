package dev.soapscope.bench.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.soapscope.bench.Machine;
import dev.soapscope.bench.Md;
import dev.soapscope.bench.Stats;

/**
 * End to end on the payload-caching scenario: three servers (no agent, agent, agent with the profiler at 10 ms) run
 * side by side, idle but for the one being loaded; in each round every path is driven for the same time on each server
 * in turn, the order rotating from round to round, so that each ratio compares runs seconds apart. Then each server
 * is brought to the same number of requests and its heap measured after a full GC.
 */
public final class EndToEnd {
    static final double TARGET_LOSS_AGENT = 0.02;
    static final double TARGET_LOSS_PROFILER = 0.03;
    static final List<String[]> PATHS = List.of(
            new String[] {"axiom-streaming", "/axiom-streaming/orders"},
            new String[] {"saaj", "/saaj/orders"});
    private static final ServerConfig[] CONFIGS = ServerConfig.COMPARED;
    private static final List<String> HEAP = List.of("-Xms1g", "-Xmx1g");

    /**
     * {@code forks}: how many times the three servers are started afresh, {@code rounds} rounds each: JIT compilation
     * differs from one JVM to the next, so the intervals are taken over forks, not over the rounds of one JVM.
     */
    public record Settings(int forks, int rounds, double seconds, double warmupSeconds, int concurrency,
                           long heapRequests) {
        String describe() {
            return String.format("%d forks (three servers started afresh) x %d rounds x 3 configurations x %d paths x"
                    + " %.0f s at %d keep-alive connections, after %.0f s of warm-up per path and server in each fork",
                    forks, rounds, PATHS.size(), seconds, concurrency, warmupSeconds);
        }
    }

    /** The two sections: the end-to-end ratios, then the retained heap. */
    public record Sections(String endToEnd, String heap) {
    }

    /** {@code cpuNanos}: the CPU time the server used during the run (-1: unknown). */
    private record Run(int fork, int round, String path, ServerConfig config, Load.Result result, long cpuNanos) {
        /** The server's CPU time per completed request, ms. */
        double cpuMsPerRequest() {
            return cpuNanos < 0 || result.requests() == 0 ? Double.NaN : cpuNanos / 1e6 / result.requests();
        }
    }

    private EndToEnd() {
    }

    public static Sections run(Settings s, DemoServer.Artifacts files, Path workDir) throws Exception {
        String startedOn = Machine.describe();
        List<Run> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Requests.Request> pool = Requests.orders(16);
        for (int f = 1; f <= s.forks(); f++) {
            Map<ServerConfig, DemoServer> servers = new EnumMap<>(ServerConfig.class);
            Map<ServerConfig, Long> served = new EnumMap<>(ServerConfig.class);
            try {
                for (ServerConfig c : CONFIGS) { // one at a time: start-up is measured elsewhere
                    log("fork " + f + ": starting the server: " + c.label());
                    servers.put(c, DemoServer.launch(c, files, HEAP, workDir, "e2e-" + c.name().toLowerCase() + "-" + f)
                            .awaitReady(300));
                    served.put(c, 0L);
                }
                warmUp(s, f, servers, served, pool, notes);
                Map<ServerConfig, Long> earlyHeap = new EnumMap<>(ServerConfig.class);
                Map<ServerConfig, Long> earlyServed = new EnumMap<>(served);
                boolean last = f == s.forks();
                for (ServerConfig c : last ? CONFIGS : new ServerConfig[0]) {
                    earlyHeap.put(c, servers.get(c).heapAfterGc());
                }
                for (int r = 0; r < s.rounds(); r++) {
                    int round = (f - 1) * s.rounds() + r + 1;
                    for (String[] p : PATHS) {
                        for (int i = 0; i < CONFIGS.length; i++) {
                            ServerConfig c = CONFIGS[(i + round - 1) % CONFIGS.length];
                            Run run = measure(f, round, p, c, servers.get(c), pool, s);
                            served.merge(c, run.result().requests(), Long::sum);
                            runs.add(run);
                            if (run.result().errors() > 0) {
                                notes.add("errors in round " + round + " on " + c.label() + " " + p[0] + ": "
                                        + run.result().reasons());
                            }
                        }
                    }
                }
                if (last) { // the heap is measured on the last fork's servers, still running
                    String endToEnd = endToEndSection(s, startedOn, runs, servers, served, notes);
                    String heap = heapSection(s, servers, served, earlyHeap, earlyServed);
                    return new Sections(endToEnd, heap);
                }
            } finally {
                for (DemoServer server : servers.values()) {
                    server.close();
                }
            }
        }
        throw new IllegalArgumentException("forks must be at least 1");
    }

    private static void warmUp(Settings s, int fork, Map<ServerConfig, DemoServer> servers, Map<ServerConfig, Long> served,
                               List<Requests.Request> pool, List<String> notes) throws InterruptedException {
        for (ServerConfig c : CONFIGS) {
            for (String[] p : PATHS) {
                Load.Result warm = Load.timed(servers.get(c).port(), p[1], Requests.ACTION_PREFIX + p[0], pool,
                        s.concurrency(), s.warmupSeconds());
                served.merge(c, warm.requests(), Long::sum);
                log(String.format("fork %d warm-up %-28s %-16s %7.1f req/s, %d errors", fork, c.label(), p[0],
                        warm.throughput(), warm.errors()));
                if (warm.errors() > 0) {
                    notes.add("warm-up errors in fork " + fork + " on " + c.label() + " " + p[0] + ": " + warm.reasons());
                }
            }
        }
    }

    private static Run measure(int fork, int round, String[] path, ServerConfig c, DemoServer server,
                               List<Requests.Request> pool, Settings s) throws InterruptedException {
        long cpuBefore = server.cpuNanos();
        Load.Result res = Load.timed(server.port(), path[1], Requests.ACTION_PREFIX + path[0], pool, s.concurrency(),
                s.seconds());
        long cpuAfter = server.cpuNanos();
        Run run = new Run(fork, round, path[0], c, res, cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore);
        log(String.format("round %d %-28s %-16s %7.1f req/s  p50 %6.1f ms  p99 %6.1f ms  CPU %5.2f ms/req  %d errors",
                round, c.label(), path[0], res.throughput(), res.latencyMs(0.5), res.latencyMs(0.99),
                run.cpuMsPerRequest(), res.errors()));
        return run;
    }

    private static String endToEndSection(Settings s, String startedOn, List<Run> runs, Map<ServerConfig, DemoServer> servers,
                                          Map<ServerConfig, Long> served, List<String> notes) {
        StringBuilder b = new StringBuilder("### End to end: payload-caching scenario, ratios to no agent\n\n");
        b.append("Measured ").append(s.describe()).append(".  \nMachine: ").append(startedOn)
                .append("; load average ").append(Machine.loadAverage()).append(" at the end.\n\n");
        Md t = new Md("path", "configuration", "throughput ratio [95% CI]", "throughput loss [95% CI]", "target",
                "verdict", "throughput ratio per fork", "p99 ratio [95% CI]", "mean latency ratio [95% CI]",
                "server CPU per request ratio [95% CI]");
        List<String> paths = new ArrayList<>();
        for (String[] p : PATHS) {
            paths.add(p[0]);
        }
        paths.add("both paths");
        for (String path : paths) {
            for (ServerConfig c : new ServerConfig[] {ServerConfig.AGENT, ServerConfig.PROFILER}) {
                // {fork, throughput, p99, mean latency, CPU per request}: ratios, one per round and path
                List<double[]> pairs = new ArrayList<>();
                for (int r = 1; r <= s.forks() * s.rounds(); r++) {
                    for (String[] p : PATHS) {
                        if (path.equals(p[0]) || path.equals("both paths")) {
                            Run base = find(runs, r, p[0], ServerConfig.NONE);
                            Run with = find(runs, r, p[0], c);
                            pairs.add(new double[] {with.fork(),
                                with.result().throughput() / base.result().throughput(),
                                with.result().latencyMs(0.99) / base.result().latencyMs(0.99),
                                with.result().meanMs() / base.result().meanMs(),
                                with.cpuMsPerRequest() / base.cpuMsPerRequest()});
                        }
                    }
                }
                Stats.Interval ratio = interval(pairs, 1, s.forks());
                double target = c == ServerConfig.AGENT ? TARGET_LOSS_AGENT : TARGET_LOSS_PROFILER;
                t.row(path, c.label(), ratio, String.format("%+.1f%% [%+.1f%%, %+.1f%%]", 100 * (1 - ratio.estimate()),
                                100 * (1 - ratio.high()), 100 * (1 - ratio.low())),
                        String.format("<= %.0f%%", 100 * target), verdict(ratio, target), perFork(pairs, s.forks()),
                        interval(pairs, 2, s.forks()), interval(pairs, 3, s.forks()), interval(pairs, 4, s.forks()));
            }
        }
        b.append(t).append('\n');

        Md raw = new Md("fork", "round", "path", "configuration", "req/s", "p50 ms", "p99 ms", "mean ms", "server CPU ms/request",
                "requests", "errors");
        for (Run run : runs) {
            Load.Result r = run.result();
            raw.row(run.fork(), run.round(), run.path(), run.config().label(), String.format("%.1f", r.throughput()),
                    String.format("%.1f", r.latencyMs(0.5)), String.format("%.1f", r.latencyMs(0.99)),
                    String.format("%.1f", r.meanMs()), String.format("%.2f", run.cpuMsPerRequest()), r.requests(),
                    r.errors());
        }
        b.append("<details><summary>Every run, in the order run</summary>\n\n").append(raw).append("\n</details>\n\n");

        for (ServerConfig c : new ServerConfig[] {ServerConfig.AGENT, ServerConfig.PROFILER}) {
            DemoServer server = servers.get(c);
            long counted = AgentCounts.requests(server.agentPort());
            b.append("- ").append(c.label()).append(": the agent counted ").append(counted).append(" requests of the ")
                    .append(served.get(c)).append(" sent (warm-up included)");
            for (String n : server.notes()) {
                b.append("; `").append(n.replace("`", "'")).append('`');
            }
            b.append('\n');
        }
        for (String n : notes) {
            b.append("- ").append(n).append('\n');
        }
        return b.toString();
    }

    private static String heapSection(Settings s, Map<ServerConfig, DemoServer> servers, Map<ServerConfig, Long> served,
                                      Map<ServerConfig, Long> earlyHeap, Map<ServerConfig, Long> earlyServed)
            throws Exception {
        String startedOn = Machine.describe();
        List<Requests.Request> small = Requests.small(64);
        Map<ServerConfig, Long> heap = new EnumMap<>(ServerConfig.class);
        Map<ServerConfig, Map<String, Histograms.Entry>> histograms = new EnumMap<>(ServerConfig.class);
        List<String> notes = new ArrayList<>();
        for (ServerConfig c : CONFIGS) {
            DemoServer server = servers.get(c);
            long missing = s.heapRequests() - served.get(c);
            if (missing > 0) {
                log(String.format("%s: %d more requests (one-line orders, axiom-streaming) to reach %d", c.label(),
                        missing, s.heapRequests()));
                Load.Result r = Load.counted(server.port(), PATHS.get(0)[1], Requests.ACTION_PREFIX + PATHS.get(0)[0],
                        small, s.concurrency(), missing);
                served.merge(c, r.requests(), Long::sum);
                if (r.errors() > 0) {
                    notes.add(c.label() + ": " + r.errors() + " errors while piling up requests: " + r.reasons());
                }
            }
            long used = Math.min(server.heapAfterGc(), server.heapAfterGc());
            heap.put(c, used);
            histograms.put(c, Histograms.of(server.pid()));
            log(String.format("%s: %d requests served, heap after GC %.1f MB", c.label(), served.get(c), used / 1e6));
        }

        StringBuilder b = new StringBuilder("### Retained heap after ").append(String.format("%,d", s.heapRequests()))
                .append(" requests\n\n");
        b.append("The last fork's three servers after its rounds, each brought to ")
                .append(String.format("%,d", s.heapRequests()))
                .append(" requests (the rest as one-line orders on axiom-streaming); heap in use after `System.gc()`")
                .append(" (the launcher's `heap-reset`, lower of two), and the live objects of the agent's own classes")
                .append(" (`dev.soapscope.*`, relocated libraries included, and `one.profiler.*`) from")
                .append(" `jcmd PID GC.class_histogram`.  \nMachine: ").append(startedOn).append(".\n\n");
        long base = heap.get(ServerConfig.NONE);
        Md t = new Md("configuration", "requests", "heap after GC", "vs no agent", "heap growth since warm-up",
                "agent's own classes (shallow)");
        for (ServerConfig c : CONFIGS) {
            Histograms.Entry own = Histograms.agentsTotal(histograms.get(c));
            long growth = heap.get(c) - earlyHeap.get(c);
            t.row(c.label(), String.format("%,d", served.get(c)), mb(heap.get(c)),
                    c == ServerConfig.NONE ? "" : String.format("%+.2f MB", (heap.get(c) - base) / 1e6),
                    String.format("%+.2f MB over %,d requests", growth / 1e6, served.get(c) - earlyServed.get(c)),
                    c == ServerConfig.NONE ? "" : String.format("%,d objects, %.2f MB", own.instances(), own.bytes() / 1e6));
        }
        b.append(t).append('\n');

        Map<String, Long> diff = new LinkedHashMap<>();
        Map<String, Histograms.Entry> with = histograms.get(ServerConfig.AGENT);
        Map<String, Histograms.Entry> without = histograms.get(ServerConfig.NONE);
        for (Map.Entry<String, Histograms.Entry> e : with.entrySet()) {
            Histograms.Entry w = without.get(e.getKey());
            diff.put(e.getKey(), e.getValue().bytes() - (w == null ? 0 : w.bytes()));
        }
        Md d = new Md("class (agent minus no agent, live bytes)", "difference");
        diff.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(10)
                .forEach(e -> d.row("`" + e.getKey() + "`", String.format("%+,d B", e.getValue())));
        b.append("<details><summary>Largest differences per class, agent vs no agent</summary>\n\n").append(d)
                .append(String.format("%nAll classes: %+.2f MB live (histogram totals).%n",
                        (Histograms.total(with) - Histograms.total(without)) / 1e6))
                .append("\n</details>\n");
        for (String n : notes) {
            b.append("\n- ").append(n);
        }
        return b.toString();
    }

    /**
     * Met only when the whole interval of the loss is within the target, missed only when all of it is beyond;
     * otherwise this run cannot tell, and says how wide its interval is.
     */
    static String verdict(Stats.Interval ratio, double target) {
        double lossLow = 1 - ratio.high();
        double lossHigh = 1 - ratio.low();
        if (lossHigh <= target) {
            return "met";
        }
        if (lossLow > target) {
            return String.format("missed by %.1f points (at least %.1f)", 100 * (1 - ratio.estimate() - target),
                    100 * (lossLow - target));
        }
        return String.format("not resolved: the interval (%.1f points wide) straddles %.0f%%",
                100 * (lossHigh - lossLow), 100 * target);
    }

    /**
     * The geometric mean of column {@code k} and its 95% interval: over the forks' own geometric means when there are
     * several (what differs from one JVM to the next is then inside the interval), else over the rounds.
     */
    static Stats.Interval interval(List<double[]> pairs, int k, int forks) {
        double[] all = pairs.stream().mapToDouble(x -> x[k]).toArray();
        if (forks < 2) {
            return Stats.ratioInterval(all);
        }
        double[] means = new double[forks];
        for (int f = 1; f <= forks; f++) {
            int fork = f;
            means[f - 1] = Stats.ratioInterval(pairs.stream().filter(x -> x[0] == fork).mapToDouble(x -> x[k]).toArray())
                    .estimate();
        }
        Stats.Interval overForks = Stats.ratioInterval(means);
        return new Stats.Interval(Stats.ratioInterval(all).estimate(), overForks.low(), overForks.high());
    }

    /** The throughput ratio of each fork (geometric mean of its rounds). */
    private static String perFork(List<double[]> pairs, int forks) {
        List<String> out = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            int fork = f;
            out.add(String.format("%.3f", Stats.ratioInterval(pairs.stream().filter(x -> x[0] == fork)
                    .mapToDouble(x -> x[1]).toArray()).estimate()));
        }
        return String.join(", ", out);
    }

    private static String mb(long bytes) {
        return String.format("%.2f MB", bytes / 1e6);
    }

    private static Run find(List<Run> runs, int round, String path, ServerConfig c) {
        for (Run r : runs) {
            if (r.round() == round && r.path().equals(path) && r.config() == c) {
                return r;
            }
        }
        throw new IllegalStateException("no run " + round + " " + path + " " + c);
    }

    static void log(String line) {
        System.out.println("[bench] " + line);
        System.out.flush();
    }
}
