package dev.soapscope.testkit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A real server in its own JVM, so a test can attach {@code -javaagent} to it.
 *
 * <pre>
 * try (ForkedServer server = ForkedServer.tomcat()
 *         .javaagent(agentJar, null)
 *         .servlet(SaajFactoryPerRequestServlet.class, "/echo")
 *         .start()) {
 *     Http.post(server.uri("/echo"), ...);
 * }
 * </pre>
 *
 * {@link #jetty()} forks embedded Jetty 12.1 (ee11) instead, with the same builder: a container whose webapp class
 * loader looks in WEB-INF first, as Tomcat's does, but which also treats every {@code jakarta.} class as the
 * container's and hides its own {@code org.eclipse.jetty.} classes from the webapp.
 *
 * <p>The child's class path is the testkit and its server's runtime dependencies only, never the caller's test class
 * path: that may hold unshaded soapscope classes that would shadow or duplicate what the agent brings. Each
 * {@link Container} has its own dependency list, so Tomcat and Jetty never share a JVM.
 */
public final class ForkedServer implements AutoCloseable {

    /** The servers a test can fork: the one place that knows each one's main class and class path. */
    public enum Container {
        /** Embedded Tomcat 11: {@link TomcatMain} on {@code runtime.classpath}. */
        TOMCAT("dev.soapscope.testkit.TomcatMain", "runtime.classpath"),
        /** Embedded Jetty 12.1 ee11: {@link JettyMain} on {@code jetty.classpath}. */
        JETTY("dev.soapscope.testkit.JettyMain", "jetty.classpath"),
        /**
         * Embedded Tomcat 9 (javax.servlet): the same {@link TomcatMain}, which uses only API both versions share, on
         * {@code tomcat9.classpath} (Tomcat's two jars, nothing else: a javax webapp brings all it needs).
         */
        TOMCAT9("dev.soapscope.testkit.TomcatMain", "tomcat9.classpath");

        /*
         * Names, not class literals: the Jetty jars are optional dependencies of the testkit, so a caller's test JVM
         * need not have them; ForkedServerClasspathTest checks the names.
         */
        final String mainClass;
        /**
         * Written next to this class by maven-dependency-plugin (build-classpath) at generate-resources: the
         * server's runtime dependencies, without JUnit and without the other server.
         */
        final String classpathResource;

        Container(String mainClass, String classpathResource) {
            this.mainClass = mainClass;
            this.classpathResource = classpathResource;
        }
    }

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final Container container;
    private final Process process;
    private final ProcessOutput output;
    private final int port;

    private ForkedServer(Container container, Process process, ProcessOutput output, int port) {
        this.container = container;
        this.process = process;
        this.output = output;
        this.port = port;
    }

    /**
     * The agent jar the ITs attach: {@code -Dsoapscope.test.agentJar} when the build sets it, else
     * {@code agent/target/soapscope-agent.jar} in the working directory or the nearest one above it.
     */
    public static Path agentJarUnderTest() {
        String set = System.getProperty("soapscope.test.agentJar");
        if (set != null) {
            return Path.of(set);
        }
        Path here = Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            Path jar = dir.resolve("agent/target/soapscope-agent.jar");
            if (Files.isRegularFile(jar)) {
                return jar;
            }
        }
        throw new IllegalStateException("no agent/target/soapscope-agent.jar in " + here + " or above it: build the agent"
                + " first (mvn -pl agent -am package) or set -Dsoapscope.test.agentJar");
    }

    /** Embedded Tomcat 11 running {@link TomcatMain}. */
    public static Builder tomcat() {
        return on(Container.TOMCAT);
    }

    /** Embedded Tomcat 9 (javax.servlet) running {@link TomcatMain}: for javax webapps, deployed with {@link Builder#webapp}. */
    public static Builder tomcat9() {
        return on(Container.TOMCAT9);
    }

    /**
     * Embedded Jetty 12.1 (ee11, Servlet 6.1) running {@link JettyMain}: webapp classes load from WEB-INF first, but
     * every {@code jakarta.} class from the container.
     */
    public static Builder jetty() {
        return on(Container.JETTY);
    }

    /** The builder for {@code container}, for tests that run on each one. */
    public static Builder on(Container container) {
        return new Builder(Objects.requireNonNull(container, "container"));
    }

    public Container container() {
        return container;
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:PORT} */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** {@code baseUri()} plus a path such as {@code /echo}. */
    public URI uri(String path) {
        return URI.create(baseUri() + (path.startsWith("/") ? path : "/" + path));
    }

    /** Combined stdout and stderr so far (the newest few MB). */
    public String output() {
        return output.text();
    }

    /** True once the output contains {@code substring}; false on timeout or if the process ended without it. */
    public boolean waitForOutput(String substring, Duration timeout) {
        try {
            return output.await(substring, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the server: closes its stdin, sends SIGTERM, and kills it if it has not ended within 10 s. */
    @Override
    public void close() {
        closeStdin(process);
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        if (!process.isAlive()) {
            // let the reader catch the last lines (an agent's report at shutdown)
            try {
                output.awaitEnd(Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void closeStdin(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
    }

    /** Options of the forked JVM and of its server main ({@link TomcatMain}, {@link JettyMain}). */
    public static final class Builder {
        private final Container container;
        private Path javaHome;
        private Path agentJar;
        private String agentArgs;
        private Path webapp;
        private boolean echoOutput;
        private final List<String> jvmArgs = new ArrayList<>();
        private final List<String> argsBeforeAgent = new ArrayList<>();
        private boolean fullJit;
        private final List<Path> extraClasspath = new ArrayList<>();
        private final List<String> servlets = new ArrayList<>();
        private final Map<String, String> environment = new LinkedHashMap<>();
        private UnaryOperator<List<String>> rewrite = UnaryOperator.identity();

        private Builder(Container container) {
            this.container = container;
        }

        /** The agent this build made ({@link #agentJarUnderTest()}), its endpoint on a free port. */
        public Builder agentUnderTest() {
            return javaagent(agentJarUnderTest(), "port=0");
        }

        /** {@code -javaagent:JAR[=ARGS]}; {@code args} may be null. */
        public Builder javaagent(Path jar, String args) {
            this.agentJar = Objects.requireNonNull(jar, "jar");
            this.agentArgs = args;
            return this;
        }

        /** The root context's docBase: an exploded webapp directory (WEB-INF/lib jars are scanned). */
        public Builder webapp(Path dir) {
            this.webapp = dir;
            return this;
        }

        /** A servlet on the testkit's class path (or on {@link #classpath}), e.g. {@code "/echo"}, {@code "/ws/*"}. */
        public Builder servlet(Class<?> servletClass, String mapping) {
            return servlet(servletClass.getName(), mapping);
        }

        public Builder servlet(String className, String mapping) {
            servlets.add(className + "=" + mapping);
            return this;
        }

        public Builder jvmArg(String arg) {
            jvmArgs.add(arg);
            return this;
        }

        /**
         * A JVM option given before soapscope's {@code -javaagent}: another agent that should start first
         * ({@code -javaagent:other.jar}), which puts its advice inside soapscope's.
         */
        public Builder jvmArgBeforeAgent(String arg) {
            argsBeforeAgent.add(arg);
            return this;
        }

        /** The JDK's default JIT rather than {@link TestJvms}'s: for a server whose test is crypto (signatures, TLS). */
        public Builder fullJit() {
            fullJit = true;
            return this;
        }

        public Builder jvmArgs(String... args) {
            jvmArgs.addAll(Arrays.asList(args));
            return this;
        }

        /** Extra class path entries for the child (after the testkit's own). */
        public Builder classpath(Path entry) {
            extraClasspath.add(entry);
            return this;
        }

        /** The JDK to run; null means the test JVM's own {@code java.home}. */
        public Builder javaHome(Path jdkHome) {
            this.javaHome = jdkHome;
            return this;
        }

        public Builder env(String name, String value) {
            environment.put(name, value);
            return this;
        }

        /**
         * Changes the command line before {@link #start()} runs it: for a test that runs the JVM as another user (a
         * prefix such as {@code setpriv}), on copies of its class path that user can read.
         */
        public Builder commandRewrite(UnaryOperator<List<String>> rewrite) {
            this.rewrite = Objects.requireNonNull(rewrite, "rewrite");
            return this;
        }

        /** Also print the child's output to the test's stderr, prefixed {@code [forked]}. */
        public Builder echoOutput(boolean echo) {
            this.echoOutput = echo;
            return this;
        }

        /** The command line {@link #start()} runs. */
        public List<String> command() {
            Path home = javaHome != null ? javaHome : Path.of(System.getProperty("java.home"));
            boolean windows = File.separatorChar == '\\';
            List<String> command = new ArrayList<>();
            command.add(home.resolve("bin").resolve(windows ? "java.exe" : "java").toString());
            command.add("-Xmx512m");
            command.addAll(TestJvms.options(fullJit));
            command.addAll(argsBeforeAgent);
            if (agentJar != null) {
                command.add("-javaagent:" + agentJar.toAbsolutePath() + (agentArgs == null ? "" : "=" + agentArgs));
            }
            command.addAll(jvmArgs);
            command.add("-cp");
            command.add(childClasspath());
            command.add(container.mainClass);
            if (webapp != null) {
                command.add("--webapp");
                command.add(webapp.toAbsolutePath().toString());
            }
            for (String servlet : servlets) {
                command.add("--servlet");
                command.add(servlet);
            }
            return command;
        }

        /** Starts the JVM and waits (at most 60 s) until the server listens. */
        public ForkedServer start() {
            List<String> command = rewrite.apply(command());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(environment);
            Process process;
            try {
                process = builder.start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot run " + command.get(0), e);
            }
            ProcessOutput output = ProcessOutput.drain(process.getInputStream(), "forked-server-" + process.pid(),
                    echoOutput ? System.err : null);
            try {
                int port = output.port().get(STARTUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                return new ForkedServer(container, process, output, port);
            } catch (TimeoutException | ExecutionException | InterruptedException e) {
                new ForkedServer(container, process, output, -1).close();
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                String why = e instanceof TimeoutException ? "did not report its port within " + STARTUP_TIMEOUT
                        : e instanceof InterruptedException ? "start was interrupted"
                        : "ended before reporting its port (exit code " + exitCode(process) + ")";
                throw new IllegalStateException("forked " + container + " server " + why
                        + "\ncommand: " + String.join(" ", command) + "\noutput:\n" + output.text());
            }
        }

        private static String exitCode(Process process) {
            return process.isAlive() ? "none, still running" : String.valueOf(process.exitValue());
        }

        private String childClasspath() {
            List<String> entries = new ArrayList<>();
            entries.add(testkitLocation().toString());
            entries.addAll(runtimeDependencies(container));
            extraClasspath.forEach(p -> entries.add(p.toAbsolutePath().toString()));
            List<String> missing = entries.stream().filter(e -> !Files.exists(Path.of(e))).collect(Collectors.toList());
            if (!missing.isEmpty()) {
                throw new IllegalStateException("class path entries of the forked server do not exist: " + missing);
            }
            return String.join(File.pathSeparator, entries);
        }

        private static Path testkitLocation() {
            try {
                return Path.of(ForkedServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (URISyntaxException | NullPointerException e) {
                throw new IllegalStateException("cannot locate the testkit's classes", e);
            }
        }

        static List<String> runtimeDependencies(Container container) {
            try (InputStream in = ForkedServer.class.getResourceAsStream(container.classpathResource)) {
                if (in == null) {
                    throw new IllegalStateException("dev/soapscope/testkit/" + container.classpathResource
                            + " is missing: build the testkit with Maven (dependency:build-classpath writes it)");
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                return Arrays.stream(text.split(File.pathSeparator))
                        .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
