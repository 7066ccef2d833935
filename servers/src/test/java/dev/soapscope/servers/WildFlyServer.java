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
 * An unpacked WildFly distribution (JBOSS_HOME, untouched) run by {@code bin/standalone.sh} on a fresh server base
 * ({@code JBOSS_BASE_DIR}): the distribution's {@code standalone/configuration} copied, the WARs copied into
 * {@code deployments/} (the deployment scanner picks them up). The agent goes into {@code JAVA_OPTS}, as a user would
 * put it. HTTP and the management interface get free ports through the properties {@code standalone.xml} reads;
 * {@code standalone.xml} binds both to 127.0.0.1.
 *
 * <p>With {@code LAUNCH_JBOSS_IN_BACKGROUND} (what WildFly's own service scripts set) the script starts the JVM as a
 * child and relays SIGTERM to it: SIGTERM to the script is a clean shutdown, as a service manager would do it.
 */
final class WildFlyServer extends DistributionServer {
    private final Process process;
    private final Path console;

    private WildFlyServer(String name, Path base, int httpPort, Process process, Path console, long startNanos) {
        super(name, base, httpPort, startNanos);
        this.process = process;
        this.console = console;
    }

    /**
     * Creates {@code base}, copies the WARs into its {@code deployments/} and starts WildFly; returns once the script
     * runs (use {@link #awaitDeployed} and {@link #agent()} to wait for more).
     *
     * @param javaOpts {@code JAVA_OPTS}, or null for the defaults of {@code bin/standalone.conf}
     */
    static WildFlyServer start(String name, Path home, Path base, List<Path> wars, String javaOpts) throws IOException {
        long startNanos = System.nanoTime();
        Path script = home.resolve("bin/standalone.sh");
        assertTrue(Files.isRegularFile(script), "not a WildFly distribution: " + home);
        Files.createDirectories(base);
        Launch.copyTree(home.resolve("standalone/configuration"), base.resolve("configuration"));
        Files.createDirectories(base.resolve("deployments"));
        for (Path war : wars) {
            assertTrue(Files.isRegularFile(war), "WAR missing: " + war);
            Files.copy(war, base.resolve("deployments").resolve(war.getFileName()));
        }
        int port = Launch.freePort();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JBOSS_HOME", home.toString());
        env.put("JBOSS_BASE_DIR", base.toString());
        env.put("JAVA_HOME", Launch.javaHome().toString());
        env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
        if (javaOpts != null) {
            env.put("JAVA_OPTS", javaOpts);
        }
        Path console = base.resolve("console.out");
        List<String> command = Launch.script(script, "-Djboss.bind.address=127.0.0.1",
                "-Djboss.bind.address.management=127.0.0.1", "-Djboss.http.port=" + port,
                "-Djboss.https.port=" + Launch.freePort(), "-Djboss.management.http.port=" + Launch.freePort(),
                "-Djboss.management.https.port=" + Launch.freePort());
        Process process = Launch.builder(command, base, console, env).start();
        return new WildFlyServer(name, base, port, process, console, startNanos);
    }

    @Override
    String console() {
        return Launch.read(console);
    }

    @Override
    String allLogs() {
        return Launch.logs(List.of(console), List.of(base().resolve("log")));
    }

    @Override
    boolean isRunning() {
        return process.isAlive();
    }

    /** SIGTERM to the script, which relays it to the JVM: WildFly must be gone within 30 s, with nothing left. */
    @Override
    void stop(int... otherPorts) throws Exception {
        stopBySigterm(process, otherPorts);
    }

    @Override
    void kill() {
        killAll(process);
    }
}
