package dev.soapscope.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unpacked Open Liberty distribution (WLP_INSTALL_DIR, untouched) with a fresh user directory ({@code WLP_USER_DIR}
 * in the test's temporary directory) holding one server: its {@code server.xml} (the features asked for, HTTP on a
 * free port of 127.0.0.1), its {@code jvm.options} (where Liberty's documentation puts {@code -javaagent}), and the
 * WARs in {@code dropins/}. Run in the foreground by {@code bin/server run}, as a container or a service manager does;
 * SIGTERM stops it cleanly.
 */
final class LibertyServer extends DistributionServer {
    static final String SERVER = "soapscope";
    private final Process process;
    private final Path console;

    private LibertyServer(String name, Path base, int httpPort, Process process, Path console, long startNanos) {
        super(name, base, httpPort, startNanos);
        this.process = process;
        this.console = console;
    }

    static LibertyServer start(String name, Path home, Path base, List<String> features, List<Path> wars,
                               List<String> jvmOptions) throws IOException {
        long startNanos = System.nanoTime();
        Path script = home.resolve("bin/server");
        assertTrue(Files.isRegularFile(script), "not a Liberty distribution: " + home);
        Path server = Files.createDirectories(base.resolve("servers").resolve(SERVER));
        int port = Launch.freePort();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<server description=\"soapscope test\">\n"
                + "  <featureManager>\n");
        for (String feature : features) {
            xml.append("    <feature>").append(feature).append("</feature>\n");
        }
        xml.append("  </featureManager>\n  <httpEndpoint id=\"defaultHttpEndpoint\" host=\"127.0.0.1\" httpPort=\"")
                .append(port).append("\" httpsPort=\"-1\"/>\n  <applicationManager autoExpand=\"true\"/>\n</server>\n");
        Files.writeString(server.resolve("server.xml"), xml);
        Files.write(server.resolve("jvm.options"), jvmOptions);
        Path dropins = Files.createDirectories(server.resolve("dropins"));
        for (Path war : wars) {
            assertTrue(Files.isRegularFile(war), "WAR missing: " + war);
            Files.copy(war, dropins.resolve(war.getFileName()));
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("WLP_USER_DIR", base.toString());
        env.put("JAVA_HOME", Launch.javaHome().toString());
        Path console = base.resolve("console.out");
        Process process = Launch.builder(Launch.script(script, "run", SERVER), base, console, env).start();
        return new LibertyServer(name, base, port, process, console, startNanos);
    }

    /** Waits (at most 120 s) for Liberty's "ready" message (CWWKF0011I). */
    void awaitReady() {
        boolean ready = Launch.await(() -> console().contains("CWWKF0011I"), Duration.ofSeconds(120), this::isRunning);
        assertTrue(ready, () -> name() + " did not get ready\n" + allLogs());
        mark("ready");
    }

    @Override
    String console() {
        return Launch.read(console);
    }

    @Override
    String allLogs() {
        return Launch.logs(List.of(console), List.of(base().resolve("servers").resolve(SERVER).resolve("logs")));
    }

    @Override
    boolean isRunning() {
        return process.isAlive();
    }

    /** SIGTERM: the server stops cleanly; gone within 30 s, nothing left. */
    @Override
    void stop(int... otherPorts) throws Exception {
        stopBySigterm(process, otherPorts);
    }

    @Override
    void kill() {
        killAll(process);
    }
}
