package dev.soapscope.servers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unpacked jetty-home distribution (JETTY_HOME, untouched) with a fresh JETTY_BASE made by Jetty's own
 * {@code start.jar --add-modules}, started and stopped by {@code bin/jetty.sh start|stop} with the agent in
 * {@code JAVA_OPTIONS}, as a user would.
 *
 * <p>{@code jetty.sh start} daemonises the JVM (through {@code start-stop-daemon} when run as root, writing the JVM's
 * output to {@code $JETTY_RUN/start-stop.log}; otherwise backgrounded with its standard error inherited) and returns
 * once the {@code state} module reports STARTED. The JVM is then no descendant of the script: it is found through the
 * {@code pid} module's file, and by its command line (which names the unique JETTY_BASE) when cleaning up.
 */
final class JettyServer extends DistributionServer {
    /**
     * http; ee11-deploy (webapps/ scanning for the ee11 environment, pulls ee11-webapp); ee11-annotations (Servlet
     * container initializers: Spring's WebApplicationInitializer, soapscope's filter); state and pid (what
     * {@code jetty.sh} waits on and stops by: without them {@code start} waits its whole timeout and reports FAILED).
     */
    static final String MODULES = "http,ee11-deploy,ee11-annotations,state,pid";
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);

    private final Path home;
    private final Map<String, String> env;
    private final ProcessHandle jvm;

    private JettyServer(String name, Path home, Path base, int httpPort, Map<String, String> env, ProcessHandle jvm,
            long startNanos) {
        super(name, base, httpPort, startNanos);
        this.home = home;
        this.env = env;
        this.jvm = jvm;
    }

    /**
     * Creates {@code base}, copies the WARs into its {@code webapps/} and runs {@code jetty.sh start}, which returns
     * when the server has started (webapps deployed).
     *
     * @param javaOptions {@code JAVA_OPTIONS}, or null for none
     */
    static JettyServer start(String name, Path home, Path base, List<Path> wars, String javaOptions) throws Exception {
        long startNanos = System.nanoTime();
        assertTrue(Files.isRegularFile(home.resolve("start.jar")), "not a jetty-home distribution: " + home);
        int port = Launch.freePort();
        createBase(home, base, port);
        for (Path war : wars) {
            assertTrue(Files.isRegularFile(war), "WAR missing: " + war);
            Files.copy(war, base.resolve("webapps").resolve(war.getFileName()));
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JETTY_HOME", home.toString());
        env.put("JETTY_BASE", base.toString());
        env.put("JETTY_RUN", base.resolve("run").toString());
        env.put("JETTY_START_TIMEOUT", "90");
        env.put("JAVA_HOME", Launch.javaHome().toString());
        env.put("JAVA", Launch.javaHome().resolve("bin/java").toString()); // jetty.sh ignores JAVA_HOME
        if (javaOptions != null) {
            env.put("JAVA_OPTIONS", javaOptions);
        }
        Path scriptLog = base.resolve("logs/jetty-sh.out");
        Process script = Launch.builder(jettySh(home, "start"), base, scriptLog, env).start();
        boolean ended = script.waitFor(SCRIPT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        Optional<ProcessHandle> jvm = readPid(base).flatMap(ProcessHandle::of);
        if (!ended || script.exitValue() != 0 || jvm.isEmpty()) {
            List<ProcessHandle> left = new ArrayList<>(Launch.tree(script.toHandle()));
            left.addAll(Launch.processesMentioning(base.toString()));
            Launch.kill(left);
            throw new AssertionError(name + ": jetty.sh start " + (ended ? "exited with " + script.exitValue()
                    : "did not return within " + SCRIPT_TIMEOUT) + (jvm.isEmpty() ? ", no live pid in run/jetty.pid" : "")
                    + "\n" + Launch.logs(logFiles(base), List.of(base.resolve("logs"))));
        }
        JettyServer server = new JettyServer(name, home, base, port, env, jvm.get(), startNanos);
        server.mark("jetty.sh start returned");
        return server;
    }

    /** JETTY_BASE by {@code java -jar start.jar jetty.base=BASE --add-modules=...}, HTTP on {@code port}, loopback only. */
    static void createBase(Path home, Path base, int port) throws Exception {
        for (String dir : new String[] {"webapps", "logs", "work"}) {
            // work/: Jetty unpacks WARs there rather than into java.io.tmpdir (the JVM's /tmp: start.jar's dry run
            // puts its own -Djava.io.tmpdir on the command line, whatever TMPDIR says)
            Files.createDirectories(base.resolve(dir));
        }
        List<String> command = List.of(Launch.javaHome().resolve("bin/java").toString(), "-jar",
                home.resolve("start.jar").toString(), "jetty.base=" + base, "--add-modules=" + MODULES);
        Path log = base.resolve("logs/add-modules.out");
        Process p = Launch.builder(command, base, log, Map.of()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            Launch.kill(Launch.tree(p.toHandle()));
            throw new AssertionError("start.jar --add-modules did not end within 60 s\n" + Launch.read(log));
        }
        assertEquals(0, p.exitValue(), () -> "start.jar --add-modules failed\n" + Launch.read(log));
        Files.writeString(base.resolve("start.d/http.ini"),
                "\n## soapscope server tests\njetty.http.host=127.0.0.1\njetty.http.port=" + port + "\n",
                StandardOpenOption.APPEND);
    }

    private static List<String> jettySh(Path home, String action) {
        Path script = home.resolve("bin/jetty.sh");
        return Files.isExecutable(script) ? List.of(script.toString(), action)
                : List.of("bash", script.toString(), action);
    }

    private static Optional<Long> readPid(Path base) {
        String text = Launch.read(base.resolve("run/jetty.pid")).trim();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String[] lines = text.split("\\R");
        try {
            return Optional.of(Long.parseLong(lines[lines.length - 1].trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The script's output (and the JVM's standard error unless start-stop-daemon ran it) and start-stop-daemon's log. */
    private static List<Path> logFiles(Path base) {
        return List.of(base.resolve("logs/jetty-sh.out"), base.resolve("run/start-stop.log"));
    }

    @Override
    String console() {
        StringBuilder text = new StringBuilder();
        for (Path file : logFiles(base())) {
            text.append(Launch.read(file));
        }
        return text.toString();
    }

    @Override
    String allLogs() {
        return Launch.logs(logFiles(base()), List.of(base().resolve("logs")));
    }

    @Override
    boolean isRunning() {
        return jvm.isAlive();
    }

    long pid() {
        return jvm.pid();
    }

    /** {@code jetty.sh stop}: it must succeed, and the JVM be gone, with nothing left. */
    @Override
    void stop(int... otherPorts) throws Exception {
        List<ProcessHandle> tree = Launch.tree(jvm);
        Process script = Launch.builder(jettySh(home, "stop"), base(), base().resolve("logs/jetty-sh.out"), env).start();
        boolean ended = script.waitFor(SCRIPT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            Launch.kill(Launch.tree(script.toHandle()));
        }
        assertTrue(ended && script.exitValue() == 0, () -> name() + ": jetty.sh stop "
                + (ended ? "exited with " + script.exitValue() : "did not return") + "\n" + allLogs());
        try {
            jvm.onExit().get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(name() + ": JVM " + jvm.pid() + " still running 20 s after jetty.sh stop\n" + allLogs());
        }
        assertNothingLeft(tree, otherPorts);
    }

    @Override
    void kill() {
        List<ProcessHandle> left = new ArrayList<>(Launch.tree(jvm));
        left.addAll(Launch.processesMentioning(base().toString()));
        Launch.kill(left);
    }
}
