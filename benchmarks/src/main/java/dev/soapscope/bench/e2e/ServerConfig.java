package dev.soapscope.bench.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The three ways the demo server runs: without the agent, with it, and with it profiling continuously. */
public enum ServerConfig {
    NONE("no agent"),
    AGENT("agent"),
    PROFILER("agent + profiler (cpu, 10 ms)"),
    /** Start-up only: the agent started, every probe disabled; tells its own start from the instrumentation's cost. */
    NO_PROBES("agent, every probe disabled");

    /** What the end-to-end runs compare. */
    static final ServerConfig[] COMPARED = {NONE, AGENT, PROFILER};

    private final String label;

    ServerConfig(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * JVM options for this configuration; {@code profilerDir} is used by {@link #PROFILER} only, {@code allProbes}
     * (the names the agent printed at start) by {@link #NO_PROBES} only.
     */
    List<String> jvmOptions(Path agentJar, Path profilerDir, List<String> allProbes) {
        List<String> options = new ArrayList<>();
        if (this == NONE) {
            return options;
        }
        // explicit, so SOAPSCOPE_* variables in the environment cannot change what is measured
        String args = "port=0,host=127.0.0.1,endpoint=true,log=info";
        if (this == PROFILER) {
            args += ",profiler=cpu,profiler.interval.ms=10,profiler.dir=" + profilerDir.toAbsolutePath();
        }
        options.add("-javaagent:" + agentJar.toAbsolutePath() + "=" + args);
        if (this == NO_PROBES) {
            options.add("-Dsoapscope.probes.disabled=" + String.join(",", allProbes));
        }
        return options;
    }
}
