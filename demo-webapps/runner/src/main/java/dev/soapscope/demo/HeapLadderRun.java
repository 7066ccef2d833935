package dev.soapscope.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.client.ClientProtocol;
import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Workload;
import dev.soapscope.demo.scenario.mtom.HeapLadder;

/**
 * Runs the {@link HeapLadder} for one fetch scenario: per rung a fresh server with the agent and only the scenario's
 * WAR at that -Xmx (not profiled), one whole query fetched {@value HeapLadder#FETCH_SIZE} tuples at a time, then the
 * server is stopped. Its output goes to {@code DIR/heap-ladder/NAME-MBm.log}. Then the client's ladder: one server
 * with its default heap, and per rung a fresh client JVM with the agent at that -Xmx
 * ({@code DIR/heap-ladder/NAME-client-MBm.log}).
 */
final class HeapLadderRun {

    /** The ladder's server threads: one client at a time. */
    private static final int MAX_THREADS = 20;

    private HeapLadderRun() {
    }

    static HeapLadder.Result climb(Scenario scenario, Options options, Path dir, PrintStream out)
            throws InterruptedException {
        TransferSettings t = options.transfer();
        TransferSettings one = new TransferSettings(List.of(Math.min(HeapLadder.FETCH_SIZE, t.tuples())), t.tuples(),
                List.of(), 1, false);
        HeapLadder.Result result = HeapLadder.climb(HeapLadder.RUNGS_MB, mb -> attempt(scenario, options, dir, one, mb));
        out.printf(Locale.ROOT, "%-40s heap ladder: %s%n", scenario.name(), result.completed()
                ? "completes with -Xmx" + result.smallestMb() + "m" : "fails even with -Xmx"
                + HeapLadder.RUNGS_MB.get(HeapLadder.RUNGS_MB.size() - 1) + "m");
        return result;
    }

    /** Null when the server completed the fetch at {@code mb}, else why not. */
    private static String attempt(Scenario scenario, Options options, Path dir, TransferSettings one, int mb)
            throws InterruptedException {
        Path log = dir.resolve("heap-ladder").resolve(scenario.name().replace('/', '-') + "-" + mb + "m.log");
        ServerProcess server;
        try {
            Files.createDirectories(log.getParent());
            server = ServerProcess.start(scenario.webapp().container(), options.agentJar(), options.jvmOptions(),
                    Map.of(scenario.webapp().context(), options.war(scenario.webapp())), MAX_THREADS, log, null, mb);
        } catch (ServerProcess.StartFailure e) {
            return "the server did not start (" + firstLine(e.getMessage()) + ")";
        } catch (IOException e) {
            return "the server did not start (" + e + ")";
        }
        try {
            Workload.Outcome outcome = scenario.workload().run(URI.create("http://127.0.0.1:" + server.port()), one,
                    scenario.soapAction(), false, scenario.name() + " -Xmx" + mb + "m", null);
            if (outcome.load().errors() == 0 && outcome.seconds().values().stream().noneMatch(List::isEmpty)) {
                return null;
            }
            String reason = outcome.load().errorReasons().keySet().stream().findFirst().orElse("no good run");
            return (server.isAlive() ? "" : "the server died; ") + reason;
        } finally {
            server.close();
        }
    }

    /** The client's ladder of {@code scenario}: the smallest client -Xmx that completes the fetch. */
    static HeapLadder.Result climbClient(Scenario scenario, Options options, Path dir, PrintStream out)
            throws InterruptedException {
        TransferSettings t = options.transfer();
        TransferSettings one = new TransferSettings(List.of(Math.min(HeapLadder.FETCH_SIZE, t.tuples())), t.tuples(),
                List.of(), 1, false);
        String name = scenario.name().replace('/', '-');
        Path log = dir.resolve("heap-ladder").resolve(name + "-client-server.log");
        ServerProcess server;
        try {
            Files.createDirectories(log.getParent());
            server = ServerProcess.start(scenario.webapp().container(), options.agentJar(), options.jvmOptions(),
                    Map.of(scenario.webapp().context(), options.war(scenario.webapp())), MAX_THREADS, log, null);
        } catch (ServerProcess.StartFailure | IOException e) {
            String why = "the ladder's server did not start (" + firstLine(String.valueOf(e.getMessage())) + ")";
            Map<Integer, String> failures = new java.util.LinkedHashMap<>();
            HeapLadder.RUNGS_MB.forEach(mb -> failures.put(mb, why));
            out.printf(Locale.ROOT, "%-40s client heap ladder: not climbed, %s%n", scenario.name(), why);
            return new HeapLadder.Result(-1, failures);
        }
        HeapLadder.Result result;
        try {
            URI base = URI.create("http://127.0.0.1:" + server.port());
            result = HeapLadder.climb(HeapLadder.RUNGS_MB, mb -> attemptClient(scenario, options,
                    dir.resolve("heap-ladder").resolve(name + "-client-" + mb + "m.log"), base, one, mb));
        } finally {
            server.close();
        }
        out.printf(Locale.ROOT, "%-40s client heap ladder: %s%n", scenario.name(), result.completed()
                ? "completes with -Xmx" + result.smallestMb() + "m" : "fails even with -Xmx"
                + HeapLadder.RUNGS_MB.get(HeapLadder.RUNGS_MB.size() - 1) + "m (" + lastFailure(result) + ")");
        return result;
    }

    /** Null when a client JVM at {@code mb} completed the fetch, else why not. */
    private static String attemptClient(Scenario scenario, Options options, Path log, URI server, TransferSettings one,
                                        int mb) throws InterruptedException {
        ClientProcess client;
        try {
            Workload workload = scenario.workload();
            client = ClientProcess.start(options.agentJar(), log, null, mb,
                    workload.clientKit() == null ? List.of() : options.clientKit(workload.clientKit()),
                    workload.clientProperties(), options.jvmOptions());
        } catch (ClientProcess.StartFailure | IOException e) {
            return "the client did not start (" + firstLine(String.valueOf(e.getMessage())) + ")";
        }
        try {
            Workload.Outcome outcome = client.run(new ClientProtocol.Run(scenario.name(), server, one,
                    scenario.soapAction(), false, scenario.name() + " client -Xmx" + mb + "m"), null).outcome();
            if (outcome.load().errors() == 0 && outcome.seconds().values().stream().noneMatch(List::isEmpty)) {
                return null;
            }
            return outcome.load().errorReasons().keySet().stream().findFirst().orElse("no good run");
        } catch (IOException e) {
            return firstLine(String.valueOf(e.getMessage()));
        } finally {
            client.close();
        }
    }

    private static String lastFailure(HeapLadder.Result result) {
        return result.failures().values().stream().reduce((a, b) -> b).orElse("no rung tried");
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
