package dev.soapscope.servers;

import dev.soapscope.testkit.Http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Starting, watching and stopping a server distribution's own scripts: processes, ports, files, logs. */
final class Launch {

    /** Environment variables of the test JVM that would change how a server script starts its JVM. */
    private static final Set<String> SERVER_ENVIRONMENT = Set.of(
            "CATALINA_HOME", "CATALINA_BASE", "CATALINA_OPTS", "CATALINA_OUT", "CATALINA_PID", "CATALINA_TMPDIR",
            "JAVA_OPTS", "JRE_HOME", "JDK_JAVA_OPTIONS", "LOGGING_CONFIG", "LOGGING_MANAGER", "JPDA_OPTS",
            "JETTY_HOME", "JETTY_BASE", "JETTY_RUN", "JETTY_PID", "JETTY_STATE", "JETTY_ARGS", "JETTY_CONF",
            "JETTY_USER", "JETTY_SHELL", "JETTY_START_LOG", "JETTY_START_TIMEOUT", "JAVA_OPTIONS", "JAVA",
            "SOAPSCOPE_PORT", "SOAPSCOPE_HOST", "SOAPSCOPE_LOG", "SOAPSCOPE_ENDPOINT");

    private Launch() {
    }

    /** The test JVM's own JDK: what the servers run on. */
    static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    /** A system property naming an existing file or directory (set by the pom for Failsafe). */
    static Path existing(String property, String what) {
        String value = System.getProperty(property);
        assertTrue(value != null && !value.isBlank(), "system property " + property + " (" + what + ") is not set");
        Path path = Path.of(value).toAbsolutePath().normalize();
        assertTrue(Files.exists(path), what + " does not exist: " + path + " (build with mvn verify)");
        return path;
    }

    /** A TCP port that was free a moment ago on 127.0.0.1. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True if nothing accepts connections on 127.0.0.1:port. */
    static boolean portClosed(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /** Copies a directory tree (files and directories only). */
    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /**
     * The command that runs a distribution's shell script with {@code args}: the script itself, or through {@code sh}
     * when an unpacker dropped its permission bits.
     */
    static List<String> script(Path script, String... args) {
        List<String> command = new java.util.ArrayList<>();
        if (!Files.isExecutable(script)) {
            command.add("sh");
        }
        command.add(script.toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * A process builder for {@code command} in {@code dir}, stdout and stderr appended to {@code log}, with the
     * test JVM's environment minus anything that configures a server script, plus {@code env}.
     */
    static ProcessBuilder builder(List<String> command, Path dir, Path log, Map<String, String> env) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().keySet().removeIf(SERVER_ENVIRONMENT::contains);
        builder.environment().putAll(env);
        return builder;
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** Text of a log file, empty if it does not exist yet (any bytes that are not UTF-8 replaced). */
    static String read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            return "[cannot read " + file + ": " + e + "]";
        }
    }

    /** Each existing file under {@code dirs} (not recursive) and each existing file of {@code files}, headed by its name. */
    static String logs(List<Path> files, List<Path> dirs) {
        List<Path> all = new ArrayList<>(files);
        for (Path dir : dirs) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> list = Files.list(dir)) {
                    list.filter(Files::isRegularFile).sorted(Comparator.naturalOrder())
                            .filter(p -> !all.contains(p)).forEach(all::add);
                } catch (IOException e) {
                    // listed what we could
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (Path file : all) {
            if (Files.isRegularFile(file)) {
                out.append("===== ").append(file).append('\n').append(tail(read(file), 60_000)).append('\n');
            }
        }
        return out.toString();
    }

    static String tail(String text, int chars) {
        return text.length() <= chars ? text : "[... " + (text.length() - chars) + " chars]\n" + text.substring(text.length() - chars);
    }

    /** Polls {@code condition} every 100 ms; false on timeout or as soon as {@code stillRunning} is false. */
    static boolean await(BooleanSupplier condition, Duration timeout, BooleanSupplier stillRunning) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (System.nanoTime() > deadline || !stillRunning.getAsBoolean()) {
                return condition.getAsBoolean();
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * Waits until {@code uri} answers with anything but 404 or 503 (a webapp still deploying); returns that status.
     *
     * @throws AssertionError with {@code log} on timeout or when the server stops
     */
    static int awaitDeployed(URI uri, Duration timeout, BooleanSupplier stillRunning, Supplier<String> log) {
        int[] status = {-1};
        boolean up = await(() -> {
            try {
                status[0] = Http.get(uri).status();
                return status[0] != 404 && status[0] != 503;
            } catch (RuntimeException e) {
                return false; // not listening yet
            }
        }, timeout, stillRunning);
        assertTrue(up, () -> uri + " was not deployed within " + timeout + " (last status " + status[0] + ", server "
                + (stillRunning.getAsBoolean() ? "running" : "stopped") + ")\n" + log.get());
        return status[0];
    }

    /** Live processes whose command line mentions {@code marker} (a test's unique base directory). */
    static List<ProcessHandle> processesMentioning(String marker) {
        long self = ProcessHandle.current().pid();
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            return all.filter(p -> p.pid() != self && p.isAlive())
                    .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                    .collect(Collectors.toList());
        }
    }

    /** {@code root} and its descendants, deepest first. */
    static List<ProcessHandle> tree(ProcessHandle root) {
        List<ProcessHandle> all = root.descendants().collect(Collectors.toCollection(ArrayList::new));
        java.util.Collections.reverse(all);
        all.add(root);
        return all;
    }

    /** Kills each process still alive (SIGKILL) and waits up to 10 s for each to go. */
    static void kill(List<ProcessHandle> processes) {
        for (ProcessHandle p : processes) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : processes) {
            try {
                p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                // reported by the callers' checks
            }
        }
    }

    /** "pid command" lines for messages. */
    static String describe(List<ProcessHandle> processes) {
        return processes.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?"))
                .collect(Collectors.joining("\n  ", "\n  ", ""));
    }
}
