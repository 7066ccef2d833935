package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerConfigTest {
    @Test
    void theOtherAgentsRecordButShipNothing(@TempDir Path dir) throws Exception {
        Path otel = jar(dir.resolve("otel.jar"), "2.22.0");
        Path elastic = jar(dir.resolve("elastic.jar"), "1.55.1");
        DemoServer.Artifacts files = new DemoServer.Artifacts(dir.resolve("soapscope-agent.jar"), dir.resolve("a.war"),
                dir.resolve("server.jar"), otel, elastic, null);

        List<String> o = ServerConfig.OTEL.jvmOptions(files, dir, List.of());
        assertEquals("-javaagent:" + otel.toAbsolutePath(), o.get(0));
        assertTrue(o.containsAll(List.of("-Dotel.traces.exporter=none", "-Dotel.metrics.exporter=none",
                "-Dotel.logs.exporter=none")), o.toString());
        List<String> e = ServerConfig.ELASTIC.jvmOptions(files, dir, List.of());
        assertEquals("-javaagent:" + elastic.toAbsolutePath(), e.get(0));
        assertTrue(e.contains("-Delastic.apm.server_url=http://127.0.0.1:9"), e.toString());
        assertFalse(ServerConfig.OTEL.isSoapscope() || ServerConfig.ELASTIC.isSoapscope());

        assertEquals("OpenTelemetry Java agent 2.22.0 (exporters none)", ServerConfig.OTEL.label(files));
        assertEquals("Elastic APM Java agent 1.55.1 (server unreachable)", ServerConfig.ELASTIC.label(files));
        assertEquals("agent", ServerConfig.AGENT.label(files));
        assertThrows(IllegalStateException.class, () -> ServerConfig.OTEL.jvmOptions(
                new DemoServer.Artifacts(otel, otel, otel), dir, List.of()));
    }

    private static Path jar(Path path, String version) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(path), m)) {
            // the manifest is all it needs
        }
        return path;
    }
}
