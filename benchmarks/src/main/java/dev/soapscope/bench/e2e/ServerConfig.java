package dev.soapscope.bench.e2e;

import dev.soapscope.bench.app.CountingFloorAgent;
import dev.soapscope.bench.app.NoopTransformerAgent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * The ways the demo server runs: without an agent, with soapscope (alone, profiling continuously, or with every probe
 * disabled), and, for the side-by-side part, with the OpenTelemetry or the Elastic APM Java agent.
 */
public enum ServerConfig {
    NONE("no agent"),
    AGENT("agent"),
    PROFILER("agent + profiler (cpu, 10 ms)"),
    /**
     * Start-up only: the agent with {@code weave.cache=false}: every class woven at every start, as on a first start
     * (or in a container whose temporary directory starts empty); {@link #AGENT} takes them from earlier starts.
     */
    AGENT_UNCACHED("agent, weave cache off (a first start)"),
    /** Start-up only: the agent started, every probe disabled; tells its own start from the instrumentation's cost. */
    NO_PROBES("agent, every probe disabled"),
    /**
     * Start-up only: no soapscope, a Java agent whose class file transformer changes nothing: the floor for any agent
     * that weaves classes as they load ({@link NoopTransformerAgent}).
     */
    NOOP_TRANSFORMER("a no-op class file transformer (the floor)"),
    /**
     * Start-up only: no soapscope, the no-op floor's transformer weaving one counting call into
     * {@code HttpServlet.service}: the least an agent adds that counts every request from the first
     * ({@link CountingFloorAgent}).
     */
    COUNTING_FLOOR(CountingFloorAgent.LABEL),
    /** Every instrumentation on (its defaults), nothing exported: what it costs to record, not to ship. */
    OTEL("OpenTelemetry Java agent (exporters none)"),
    /** Its defaults, the APM server unreachable: events are recorded, then dropped when the queue is full. */
    ELASTIC("Elastic APM Java agent (server unreachable)");

    /** What the end-to-end runs compare. */
    static final ServerConfig[] COMPARED = {NONE, AGENT, PROFILER};
    /** What the start-up part compares. */
    static final ServerConfig[] STARTUP = {NONE, AGENT, AGENT_UNCACHED, PROFILER, NO_PROBES, NOOP_TRANSFORMER,
        COUNTING_FLOOR};
    /** What the side-by-side part compares. */
    static final ServerConfig[] SIDE_BY_SIDE = {NONE, AGENT, PROFILER, OTEL, ELASTIC};

    private final String label;

    ServerConfig(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The label with the version of the agent's jar, where the jar says it (its manifest's Implementation-Version). */
    public String label(DemoServer.Artifacts files) {
        Path jar = this == OTEL ? files.otelJar() : this == ELASTIC ? files.elasticJar() : null;
        String version = jar == null ? null : version(jar);
        return version == null ? label : label.replaceFirst(" agent", " agent " + version);
    }

    /** soapscope's own agent runs (its start line and endpoint are there to wait for). */
    boolean isSoapscope() {
        return this == AGENT || this == AGENT_UNCACHED || this == PROFILER || this == NO_PROBES;
    }

    /**
     * JVM options for this configuration; {@code profilerDir} is used by {@link #PROFILER} only (and its parent, the
     * run's work directory, by {@link #NOOP_TRANSFORMER} and {@link #COUNTING_FLOOR} for their jars), {@code allProbes} (the names the agent printed
     * at start) by {@link #NO_PROBES} only.
     */
    List<String> jvmOptions(DemoServer.Artifacts files, Path profilerDir, List<String> allProbes) throws IOException {
        List<String> options = new ArrayList<>();
        switch (this) {
            case NONE -> {
                return options;
            }
            case OTEL -> {
                options.add("-javaagent:" + required(files.otelJar()).toAbsolutePath());
                options.add("-Dotel.traces.exporter=none");
                options.add("-Dotel.metrics.exporter=none");
                options.add("-Dotel.logs.exporter=none");
                options.add("-Dotel.service.name=soapscope-bench");
                return options;
            }
            case NOOP_TRANSFORMER -> {
                options.add("-javaagent:" + NoopTransformerAgent.jar(profilerDir.getParent()).toAbsolutePath());
                return options;
            }
            case COUNTING_FLOOR -> {
                options.add("-javaagent:" + CountingFloorAgent.jar(profilerDir.getParent()).toAbsolutePath());
                return options;
            }
            case ELASTIC -> {
                options.add("-javaagent:" + required(files.elasticJar()).toAbsolutePath());
                options.add("-Delastic.apm.server_url=http://127.0.0.1:9"); // the discard port: nothing listens
                options.add("-Delastic.apm.service_name=soapscope-bench");
                return options;
            }
            default -> {
                // soapscope, below
            }
        }
        // explicit, so SOAPSCOPE_* variables in the environment cannot change what is measured
        String args = "port=0,host=127.0.0.1,endpoint=true,log=info,weave.cache=" + (this != AGENT_UNCACHED);
        if (this == PROFILER) {
            args += ",profiler=cpu,profiler.interval.ms=10,profiler.dir=" + profilerDir.toAbsolutePath();
        }
        options.add("-javaagent:" + files.agentJar().toAbsolutePath() + "=" + args);
        if (this == NO_PROBES) {
            options.add("-Dsoapscope.probes.disabled=" + String.join(",", allProbes));
        }
        return options;
    }

    private Path required(Path jar) {
        if (jar == null) {
            throw new IllegalStateException(label + ": no jar given (--otel-agent, --elastic-agent; scripts/benchmarks.sh"
                    + " passes those the build copied into benchmarks/target/agents)");
        }
        return jar;
    }

    private static String version(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getManifest() == null ? null : j.getManifest().getMainAttributes().getValue("Implementation-Version");
        } catch (IOException e) {
            return null;
        }
    }
}
