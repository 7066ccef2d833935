package dev.soapscope.demo.report;

import java.time.Instant;

import dev.soapscope.demo.scenario.TransferSettings;

/**
 * How the run was made: settings and machine, for the report's header.
 *
 * @param transfer how the transfer scenarios ran; null when the report has none
 */
public record RunInfo(String version, Instant started, double wallSeconds, int requests, int concurrency, int warmup,
                      String javaVersion, String os, int cores, String agentProbes, TransferSettings transfer) {

    /** A run without transfer scenarios. */
    public RunInfo(String version, Instant started, double wallSeconds, int requests, int concurrency, int warmup,
                   String javaVersion, String os, int cores, String agentProbes) {
        this(version, started, wallSeconds, requests, concurrency, warmup, javaVersion, os, cores, agentProbes, null);
    }
}
