package dev.soapscope.demo.report;

import java.time.Instant;

/** How the run was made: settings and machine, for the report's header. */
public record RunInfo(String version, Instant started, double wallSeconds, int requests, int concurrency, int warmup,
                      String javaVersion, String os, int cores, String agentProbes) {
}
