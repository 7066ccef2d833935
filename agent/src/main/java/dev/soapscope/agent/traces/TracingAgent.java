package dev.soapscope.agent.traces;

/**
 * The tracing agents whose OpenTelemetry API bridge soapscope writes through, each known by its {@code -javaagent}
 * main class, which the JVM puts on the system class path: the one list of them.
 */
enum TracingAgent {
    OPENTELEMETRY("OpenTelemetry", "io.opentelemetry.javaagent.OpenTelemetryAgent"),
    ELASTIC("Elastic APM", "co.elastic.apm.agent.premain.AgentMain"),
    /** Bridges the API only with {@code dd.trace.otel.enabled=true}; without it the spans are no-ops and nothing lands. */
    DATADOG("Datadog", "datadog.trace.bootstrap.AgentBootstrap");

    private final String displayName;
    private final String mainClass;

    TracingAgent(String displayName, String mainClass) {
        this.displayName = displayName;
        this.mainClass = mainClass;
    }

    String displayName() {
        return displayName;
    }

    /** The first of these agents running in this JVM, or null: looks for its main class, without loading it. */
    static TracingAgent running() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        for (TracingAgent a : values()) {
            if (system.getResource(a.mainClass.replace('.', '/') + ".class") != null) {
                return a;
            }
        }
        return null;
    }
}
