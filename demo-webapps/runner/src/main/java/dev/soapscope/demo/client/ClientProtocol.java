package dev.soapscope.demo.client;

import java.net.URI;

import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Workload;

/**
 * What the runner and the forked {@link ClientLauncher} say to each other. The runner writes one {@link Run} a line,
 * as JSON, on the launcher's standard input; the launcher runs it, prints its progress lines as they come, then
 * {@link #OUTCOME_LINE_PREFIX} and its {@link Answer} as JSON (or
 * {@link #FAILED_LINE_PREFIX} and why). The end of standard input stops it.
 */
public final class ClientProtocol {

    public static final String LAUNCHER_CLASS = "dev.soapscope.demo.client.ClientLauncher";
    /** The launcher's first line, once it reads runs. */
    public static final String READY_LINE = "SOAPSCOPE_DEMO_CLIENT_READY";
    public static final String OUTCOME_LINE_PREFIX = "SOAPSCOPE_DEMO_CLIENT_OUTCOME=";
    public static final String FAILED_LINE_PREFIX = "SOAPSCOPE_DEMO_CLIENT_FAILED=";

    /** One workload run: the scenario's workload against {@code server}, as {@code Workload.run} takes it. */
    public record Run(String scenario, URI server, TransferSettings settings, String soapAction, boolean warmUp,
                      String label) {
    }

    /**
     * The launcher's answer to a run: its outcome, and the bytes the thread that ran it allocated meanwhile (the
     * clients it built included, which the agent counts outside calls), -1 when the JVM cannot tell.
     */
    public record Answer(Workload.Outcome outcome, long allocatedBytes) {
    }

    private ClientProtocol() {
    }
}
