package dev.soapscope.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A SOAP client's JVM, forked with the agent under test: a {@code main} class on a class path of its own (a sample's
 * classes and jars), its output collected. The client says when it is done with a line of its own; it then waits for
 * its standard input to close, so the test can read the agent's endpoint in it before it exits.
 */
public final class ForkedClient implements AutoCloseable {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final ProcessOutput output;
    private final List<String> command;

    private ForkedClient(Process process, ProcessOutput output, List<String> command) {
        this.process = process;
        this.output = output;
        this.command = command;
    }

    public static Builder main(String mainClass) {
        return new Builder(mainClass);
    }

    /** Combined stdout and stderr so far. */
    public String output() {
        return output.text();
    }

    /** Waits until the output contains {@code line}; fails the test with the output when it does not in time. */
    public ForkedClient await(String line, Duration timeout) {
        boolean seen;
        try {
            seen = output.await(line, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            seen = false;
        }
        if (!seen) {
            throw new AssertionError("the client did not print '" + line + "' within " + timeout
                    + "\ncommand: " + String.join(" ", command) + "\noutput:\n" + output.text());
        }
        return this;
    }

    /** The agent's endpoint in the client JVM. */
    public AgentEndpoint agent() {
        await("started: endpoint", Duration.ofSeconds(30));
        return AgentEndpoint.in(output.text()).orElseThrow(() -> new AssertionError("no endpoint line in:\n" + output.text()));
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Ends the JVM now (SIGTERM, then SIGKILL if it has not ended within 10 s) and collects its output: for a server's
     * main that reads no input and would otherwise wait out {@link #close()}'s 10 s.
     */
    public void end() {
        process.destroy();
        close();
    }

    /** Closes its standard input (the client then ends by itself), and kills it if it has not ended within 10 s. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
            output.awaitEnd(Duration.ofSeconds(2));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** What the client JVM runs. */
    public static final class Builder {
        private final String mainClass;
        private final List<Path> classpath = new ArrayList<>();
        private final List<String> jvmArgs = new ArrayList<>();
        private final List<String> args = new ArrayList<>();
        private Path agentJar;
        private String agentArgs = "port=0";
        private Path javaHome = Path.of(System.getProperty("java.home"));
        private boolean fullJit;

        private Builder(String mainClass) {
            this.mainClass = mainClass;
        }

        /**
         * The jars listed in a class-path file, as {@code dependency:build-classpath} writes it ({@code outputFile}):
         * a sample's run-time dependencies. A missing file fails, naming the goal that writes it.
         */
        public Builder classpathFile(Path file) {
            classpath.addAll(ClasspathFile.jars(file));
            return this;
        }

        /** Entries of the class path; a directory of jars ({@code WEB-INF/lib}) adds each jar in it. */
        public Builder classpath(Path... entries) {
            for (Path e : entries) {
                if (Files.isDirectory(e) && !Files.isDirectory(e.resolve("META-INF")) && hasJars(e)) {
                    try (Stream<Path> jars = Files.list(e)) {
                        jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(classpath::add);
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                } else {
                    classpath.add(e);
                }
            }
            return this;
        }

        /**
         * The agent under test ({@link ForkedServer#agentJarUnderTest()}), its endpoint on a free port, with
         * {@code extraArgs} and then {@code -Dsoapscope.test.clientAgentArgs} (to profile a client IT's clients:
         * {@code profiler=cpu,profiler.dir=...}).
         */
        public Builder agentUnderTest(String extraArgs) {
            agentJar = ForkedServer.agentJarUnderTest();
            StringBuilder args = new StringBuilder("port=0");
            for (String more : new String[] {extraArgs, System.getProperty("soapscope.test.clientAgentArgs")}) {
                if (more != null && !more.isEmpty()) {
                    args.append(',').append(more);
                }
            }
            agentArgs = args.toString();
            return this;
        }

        /** The JDK the client runs on (default: the test's). */
        public Builder javaHome(Path jdkHome) {
            javaHome = jdkHome;
            return this;
        }

        public Builder jvmArgs(String... more) {
            jvmArgs.addAll(Arrays.asList(more));
            return this;
        }

        /** The JDK's default JIT rather than {@link TestJvms}'s: for a JVM whose test is crypto (TLS, signatures). */
        public Builder fullJit() {
            fullJit = true;
            return this;
        }

        public Builder args(String... more) {
            args.addAll(Arrays.asList(more));
            return this;
        }

        public ForkedClient start() {
            List<String> command = new ArrayList<>();
            command.add(javaHome.resolve("bin").resolve("java").toString());
            command.add("-Xmx512m");
            command.addAll(TestJvms.options(fullJit));
            if (agentJar != null) {
                command.add("-javaagent:" + agentJar.toAbsolutePath() + "=" + agentArgs);
            }
            command.addAll(jvmArgs);
            command.add("-cp");
            command.add(classpath.stream().map(p -> p.toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator)));
            command.add(mainClass);
            command.addAll(args);
            Process process;
            try {
                process = new ProcessBuilder(command).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot run " + command.get(0), e);
            }
            return new ForkedClient(process, ProcessOutput.drain(process.getInputStream(), "forked-client-" + process.pid(), null), command);
        }

        private static boolean hasJars(Path dir) {
            try (Stream<Path> files = Files.list(dir)) {
                return files.anyMatch(p -> p.toString().endsWith(".jar"));
            } catch (IOException e) {
                return false;
            }
        }
    }
}
