package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A Payara (or GlassFish) distribution, untouched, with a fresh domain made by {@code asadmin create-domain} in a
 * domain directory of the test's own, the agent added to the domain's JVM options ({@code domain.xml}'s
 * {@code <jvm-options>} of {@code server-config}, what {@code asadmin create-jvm-options} writes), the WAR dropped
 * into {@code autodeploy/}, started by {@code asadmin start-domain --verbose} and stopped by
 * {@code asadmin stop-domain}.
 *
 * <p>{@code --verbose} keeps asadmin in the foreground with the server JVM as its child and relays the JVM's
 * console: without it the JVM's output before Payara's logging starts (the agent's start line) goes to a pipe
 * nobody reads.
 */
final class GlassFishServer extends DistributionServer {
    static final String DOMAIN = "domain1";
    /** {@code --portbase}: admin is +48, HTTP +80; the others (JMS, IIOP, JMX, OSGi shell...) fall in the 100 above. */
    private static final int ADMIN_OFFSET = 48;
    private static final int HTTP_OFFSET = 80;

    private final Path home;
    private final Map<String, String> env;
    private final Process asadmin;

    private GlassFishServer(String name, Path home, Path base, int httpPort, Map<String, String> env, Process asadmin,
            long startNanos) {
        super(name, base, httpPort, startNanos);
        this.home = home;
        this.env = env;
        this.asadmin = asadmin;
    }

    /**
     * Creates a domain under {@code base}, adds {@code jvmOption} (or nothing if null) to its JVM options, puts the
     * WARs into its {@code autodeploy/} and starts it; returns once asadmin runs (not when the server has started).
     *
     * @param home the distribution's top directory (the one with {@code bin/asadmin} and {@code glassfish/})
     */
    static GlassFishServer start(String name, Path home, Path base, List<Path> wars, String jvmOption) throws Exception {
        long startNanos = System.nanoTime();
        Files.createDirectories(base);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("AS_JAVA", Launch.javaHome().toString());
        env.put("JAVA_HOME", Launch.javaHome().toString());
        int portBase = freePortBase();
        run(home, base, env, "create-domain", "--domaindir", base.resolve("domains").toString(),
                "--portbase", String.valueOf(portBase), "--nopassword", DOMAIN);
        Path domain = base.resolve("domains").resolve(DOMAIN);
        if (jvmOption != null) {
            addJvmOption(domain.resolve("config/domain.xml"), jvmOption);
        }
        // made by the first start otherwise; the autodeployer deploys what it finds there when it starts
        Path autodeploy = Files.createDirectories(domain.resolve("autodeploy"));
        for (Path war : wars) {
            assertTrue(Files.isRegularFile(war), "WAR missing: " + war);
            Files.copy(war, autodeploy.resolve(war.getFileName()));
        }
        Process asadmin = Launch.builder(asadmin(home, "start-domain", "--verbose", "--domaindir",
                base.resolve("domains").toString(), DOMAIN), base, base.resolve("asadmin.out"), env).start();
        GlassFishServer server = new GlassFishServer(name, home, base, portBase + HTTP_OFFSET, env, asadmin, startNanos);
        server.mark("domain created, start-domain running");
        return server;
    }

    /**
     * The whole test on a GlassFish-family distribution (skipped unless {@code homeProperty} is set: -Pall-servers):
     * the JAX-WS WAR built against the distribution's own API jar, the server started with the agent, every request
     * checked, stopped with nothing left.
     */
    static void checkJaxwsEcho(String name, String homeProperty, Path dir) throws Exception {
        assumeTrue(!System.getProperty(homeProperty, "").isBlank(), name + " runs with -Pall-servers");
        Path home = Launch.existing(homeProperty, "the unpacked " + name + " distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        Path war = JaxwsEcho.build(dir, "jaxws-echo", home.resolve("glassfish/modules/webservices-api-osgi.jar"));
        try (GlassFishServer server = start(name, home, dir.resolve("domain-base"), List.of(war),
                "-javaagent:" + agentJar + "=port=0")) {
            AgentEndpoint agent = server.agent();
            JaxwsEcho.driveAndCheck(server, agent, "/jaxws-echo");
            // the server shows what reaches its System.err as SEVERE: nothing of the agent's may look like that
            List<String> severe = new java.util.ArrayList<>();
            for (String line : (server.console() + "\n" + Launch.read(server.domain().resolve("logs/server.log"))).split("\n")) {
                if (line.contains("SEVERE") && (line.contains("soapscope") || line.contains("could not instrument"))) {
                    severe.add(line);
                }
            }
            assertTrue(severe.isEmpty(), () -> "agent lines shown as SEVERE:\n" + String.join("\n", severe));
            server.stop(agent.port());
        }
    }

    /** A port base whose 100 ports are free on 127.0.0.1 a moment ago. */
    private static int freePortBase() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int portBase = ThreadLocalRandom.current().nextInt(200, 600) * 100;
            boolean free = true;
            for (int port = portBase; port < portBase + 100 && free; port++) {
                free = Launch.portClosed(port);
            }
            if (free) {
                return portBase;
            }
        }
        throw new AssertionError("no free block of 100 ports for --portbase");
    }

    /** What {@code asadmin create-jvm-options} does to {@code domain.xml}: one more option in server-config's java-config. */
    static void addJvmOption(Path domainXml, String option) throws Exception {
        String xml = Files.readString(domainXml);
        int config = xml.indexOf("<config name=\"server-config\"");
        int end = xml.indexOf("</java-config>", config);
        assertTrue(config >= 0 && end > config, "no server-config java-config in " + domainXml);
        String escaped = option.replace("&", "&amp;").replace("<", "&lt;");
        Files.writeString(domainXml, xml.substring(0, end) + "  <jvm-options>" + escaped + "</jvm-options>\n            "
                + xml.substring(end));
    }

    private static List<String> asadmin(Path home, String... args) {
        return Launch.script(home.resolve("bin/asadmin"), args);
    }

    /** Runs one asadmin command to its end (at most 120 s); it must succeed. */
    private static void run(Path home, Path base, Map<String, String> env, String... args) throws Exception {
        Path log = base.resolve("asadmin-" + args[0] + ".out");
        Process p = Launch.builder(asadmin(home, args), base, log, env).start();
        boolean ended = p.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            Launch.kill(Launch.tree(p.toHandle()));
        }
        assertTrue(ended, () -> "asadmin " + args[0] + " did not end within 120 s\n" + Launch.read(log));
        assertEquals(0, p.exitValue(), () -> "asadmin " + args[0] + " failed\n" + Launch.read(log));
    }

    private Path domain() {
        return base().resolve("domains").resolve(DOMAIN);
    }

    @Override
    String console() {
        return Launch.read(base().resolve("asadmin.out"));
    }

    @Override
    String allLogs() {
        return Launch.logs(List.of(base().resolve("asadmin.out")), List.of(base(), domain().resolve("logs")));
    }

    @Override
    boolean isRunning() {
        return asadmin.isAlive();
    }

    /** {@code asadmin stop-domain}: it must succeed, and start-domain and the server JVM end, with nothing left. */
    @Override
    void stop(int... otherPorts) throws Exception {
        List<ProcessHandle> tree = Launch.tree(asadmin.toHandle());
        run(home, base(), env, "stop-domain", "--domaindir", base().resolve("domains").toString(), DOMAIN);
        boolean ended = asadmin.waitFor(30, TimeUnit.SECONDS);
        assertTrue(ended, () -> name() + ": start-domain --verbose still running 30 s after stop-domain\n" + allLogs());
        int[] ports = new int[otherPorts.length + 1];
        System.arraycopy(otherPorts, 0, ports, 0, otherPorts.length);
        ports[otherPorts.length] = httpPort() - HTTP_OFFSET + ADMIN_OFFSET;
        assertNothingLeft(tree, ports);
    }

    @Override
    void kill() {
        List<ProcessHandle> left = new ArrayList<>(Launch.tree(asadmin.toHandle()));
        left.addAll(Launch.processesMentioning(base().toString()));
        Launch.kill(left);
    }
}
