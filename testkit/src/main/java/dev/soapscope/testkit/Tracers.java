package dev.soapscope.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The real tracing agents and tracing backend that tests run beside soapscope, as the testkit's build fetched them
 * from Maven Central into the local repository ({@code tracers.properties}).
 */
public final class Tracers {
    private static final Properties PATHS = load();

    private Tracers() {
    }

    /** The OpenTelemetry Java agent ({@code io.opentelemetry.javaagent:opentelemetry-javaagent}). */
    public static Path openTelemetryAgent() {
        return existing("otel.agent");
    }

    public static String openTelemetryAgentVersion() {
        return PATHS.getProperty("otel.agent.version");
    }

    /** The Elastic APM Java agent ({@code co.elastic.apm:elastic-apm-agent}). */
    public static Path elasticAgent() {
        return existing("elastic.agent");
    }

    /** Datadog's Java agent ({@code com.datadoghq:dd-java-agent}). */
    public static Path datadogAgent() {
        return existing("datadog.agent");
    }

    /** Zipkin's server, slim build ({@code io.zipkin:zipkin-server}, classifier slim): in-memory storage and its UI. */
    public static Path zipkinServer() {
        return existing("zipkin.server");
    }

    private static Path existing(String key) {
        Path p = Path.of(PATHS.getProperty(key));
        if (!Files.isRegularFile(p)) {
            throw new AssertionError(p + " is missing: the testkit's build fetches it from Maven Central"
                    + " (mvn -pl testkit install)");
        }
        return p;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Tracers.class.getResourceAsStream("tracers.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
