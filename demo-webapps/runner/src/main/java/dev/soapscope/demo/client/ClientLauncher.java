package dev.soapscope.demo.client;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.Workload;

/**
 * The client JVM of a workload scenario, forked by the runner with the agent attached, so that the agent measures
 * the client's side of every call as it measures the server's: reads {@link ClientProtocol.Run}s from standard input
 * and runs each in this JVM (see {@link ClientProtocol}).
 */
public final class ClientLauncher {

    private ClientLauncher() {
    }

    /** This thread's allocated bytes so far, -1 when the JVM does not count them. */
    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            return threads.getCurrentThreadAllocatedBytes();
        }
        return -1;
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println(ClientProtocol.READY_LINE);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            try {
                ClientProtocol.Run run = json.readValue(line, ClientProtocol.Run.class);
                Scenario scenario = Scenarios.select(List.of(run.scenario())).get(0);
                if (!scenario.isWorkload()) {
                    throw new IllegalArgumentException(run.scenario() + " is driven by the load driver, not a client");
                }
                long before = allocatedBytes();
                Workload.Outcome outcome = scenario.workload().run(run.server(), run.settings(), run.soapAction(),
                        run.warmUp(), run.label(), out);
                long after = allocatedBytes();
                out.println(ClientProtocol.OUTCOME_LINE_PREFIX + json.writeValueAsString(new ClientProtocol.Answer(
                        outcome, before < 0 || after < 0 ? -1 : after - before)));
            } catch (Throwable e) {
                out.println(ClientProtocol.FAILED_LINE_PREFIX + e);
                if (e instanceof Error && !(e instanceof OutOfMemoryError)) {
                    System.exit(1); // a class that cannot load, a broken provider: this JVM is no client any more
                }
            }
        }
    }
}
