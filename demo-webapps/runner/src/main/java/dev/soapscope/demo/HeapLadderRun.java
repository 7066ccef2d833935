package dev.soapscope.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Workload;
import dev.soapscope.demo.scenario.mtom.HeapLadder;

/**
 * Runs the {@link HeapLadder} for one fetch scenario: per rung a fresh server with the agent and only the scenario's
 * WAR at that -Xmx (not profiled), one whole query fetched {@value HeapLadder#FETCH_SIZE} tuples at a time, then the
 * server is stopped. Its output goes to {@code DIR/heap-ladder/NAME-MBm.log}.
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
            server = ServerProcess.start(scenario.webapp().container(), options.agentJar(),
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

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
