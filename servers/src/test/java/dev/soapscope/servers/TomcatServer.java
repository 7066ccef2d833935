package dev.soapscope.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unpacked Tomcat distribution (CATALINA_HOME, untouched) run by {@code bin/catalina.sh run} on a fresh
 * CATALINA_BASE: {@code conf/} copied from the distribution with the HTTP port changed and the shutdown port off,
 * empty {@code webapps/} (the WARs are copied in as files), {@code logs/}, {@code temp/}, {@code work/}. The agent goes
 * into {@code CATALINA_OPTS}, as a user would put it.
 *
 * <p>{@code catalina.sh run} ends with {@code exec java ...}: the process the test starts is Tomcat's JVM itself, so
 * SIGTERM (Process#destroy) runs Tomcat's shutdown hook, a clean stop.
 */
final class TomcatServer extends DistributionServer {
    private final Process process;
    private final Path console;

    private TomcatServer(String name, Path base, int httpPort, Process process, Path console, long startNanos) {
        super(name, base, httpPort, startNanos);
        this.process = process;
        this.console = console;
    }

    /**
     * Creates {@code base}, copies the WARs into its {@code webapps/} and starts Tomcat; returns once the JVM runs
     * (use {@link #awaitDeployed} and {@link #agent()} to wait for more).
     *
     * @param catalinaOpts {@code CATALINA_OPTS}, or null for none
     */
    static TomcatServer start(String name, Path home, Path base, List<Path> wars, String catalinaOpts) throws IOException {
        long startNanos = System.nanoTime();
        assertTrue(Files.isRegularFile(home.resolve("bin/catalina.sh")), "not a Tomcat distribution: " + home);
        int port = Launch.freePort();
        createBase(home, base, port);
        for (Path war : wars) {
            assertTrue(Files.isRegularFile(war), "WAR missing: " + war);
            Files.copy(war, base.resolve("webapps").resolve(war.getFileName()));
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("CATALINA_HOME", home.toString());
        env.put("CATALINA_BASE", base.toString());
        env.put("JAVA_HOME", Launch.javaHome().toString());
        if (catalinaOpts != null) {
            env.put("CATALINA_OPTS", catalinaOpts);
        }
        Path console = base.resolve("logs/console.out");
        Path script = home.resolve("bin/catalina.sh");
        Process process = Launch.builder(Launch.script(script, "run"), base, console, env).start();
        return new TomcatServer(name, base, port, process, console, startNanos);
    }

    /**
     * The distribution unpacked at system property {@code homeProperty}, started as the README tells users:
     * {@code CATALINA_OPTS=-javaagent:soapscope-agent.jar=port=0}.
     */
    static TomcatServer startWithAgent(String name, String homeProperty, Path base, List<Path> wars) throws IOException {
        Path home = Launch.existing(homeProperty, "the unpacked " + name + " distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        return start(name, home, base, wars, "-javaagent:" + agentJar + "=port=0");
    }

    /** CATALINA_BASE: the distribution's conf/ with HTTP on {@code port} (loopback only) and no shutdown port. */
    static void createBase(Path home, Path base, int port) throws IOException {
        Files.createDirectories(base);
        Launch.copyTree(home.resolve("conf"), base.resolve("conf"));
        for (String dir : new String[] {"webapps", "logs", "temp", "work"}) {
            Files.createDirectories(base.resolve(dir));
        }
        Path serverXml = base.resolve("conf/server.xml");
        String xml = Files.readString(serverXml);
        String edited = xml.replace("<Server port=\"8005\"", "<Server port=\"-1\"")
                .replace("<Connector port=\"8080\"", "<Connector port=\"" + port + "\" address=\"127.0.0.1\"");
        assertTrue(edited.contains("<Server port=\"-1\"") && edited.contains("<Connector port=\"" + port + "\""),
                "server.xml of " + home + " does not have the expected ports 8005 and 8080:\n" + xml);
        Files.writeString(serverXml, edited);
    }

    @Override
    String console() {
        return Launch.read(console);
    }

    @Override
    String allLogs() {
        return Launch.logs(List.of(console), List.of(base().resolve("logs")));
    }

    @Override
    boolean isRunning() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** SIGTERM, as a service manager or Ctrl-C would: Tomcat must be gone within 30 s, with nothing left. */
    @Override
    void stop(int... otherPorts) throws Exception {
        List<ProcessHandle> tree = Launch.tree(process.toHandle());
        process.destroy();
        boolean stopped = process.waitFor(30, TimeUnit.SECONDS);
        if (!stopped) {
            Launch.kill(tree);
        }
        assertTrue(stopped, () -> name() + " did not stop within 30 s of SIGTERM\n" + allLogs());
        assertNothingLeft(tree, otherPorts);
    }

    @Override
    void kill() {
        List<ProcessHandle> left = new ArrayList<>(Launch.tree(process.toHandle()));
        left.addAll(Launch.processesMentioning(base().toString()));
        Launch.kill(left);
    }
}
