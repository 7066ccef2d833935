package dev.soapscope.testkit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * What {@link TomcatMain} and {@link JettyMain} share: the command line, the port line, and the life cycle of the
 * forked server process. Uses no server classes, so each main runs on its own server's class path.
 *
 * <pre>
 * java -cp ... MAIN [--webapp DIR] [--servlet CLASS=/mapping]...
 * </pre>
 *
 * Prints {@value #PORT_LINE_PREFIX}PORT once started; stops when stdin closes (the parent died or closed us) or on
 * SIGTERM. A server that fails to start ends the JVM with exit code 2 and no port line.
 */
final class ServerMain {

    /** The one line the parent waits for. */
    static final String PORT_LINE_PREFIX = "SOAPSCOPE_TEST_SERVER_PORT=";

    static final int EXIT_START_FAILED = 2;

    private ServerMain() {
    }

    /** A configured server: Tomcat or Jetty behind the same three calls. */
    interface Instance {
        /** Starts it on 127.0.0.1 and a free port; throws if it, or one of its servlets, did not start. */
        void start() throws Exception;

        /** The port it listens on, once started. */
        int port();

        /** Stops it, also after a failed or partial start. */
        void stop() throws Exception;
    }

    /** Configures, but does not start, a server; {@code baseDir} is a fresh temp directory for its files. */
    @FunctionalInterface
    interface Factory {
        Instance configure(Options options, Path baseDir) throws Exception;
    }

    /**
     * Parses {@code args}, starts the server, prints the port line, and returns only through {@code System.exit}: 0
     * once stdin has closed, 1 on a bad command line, 2 if the server did not start.
     */
    static void run(String name, String[] args, Factory factory) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("soapscope testkit: " + e.getMessage());
            System.exit(1);
            return;
        }
        Path baseDir;
        try {
            // testkit.baseDir: for a test whose java.io.tmpdir is read-only
            String parent = System.getProperty("testkit.baseDir");
            baseDir = parent == null ? Files.createTempDirectory("soapscope-" + name)
                    : Files.createTempDirectory(Path.of(parent), "soapscope-" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        AtomicReference<Instance> configured = new AtomicReference<>();
        // registered first, so that even a failed start stops what did start before baseDir goes
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(configured.get(), baseDir),
                "soapscope-" + name + "-stop"));
        Instance server;
        try {
            server = factory.configure(options, baseDir);
            configured.set(server);
            server.start();
        } catch (Throwable e) {
            // a half-started server may hold non-daemon threads: end the JVM rather than hang without a port line
            System.err.println("soapscope testkit: " + name + " did not start");
            e.printStackTrace();
            System.err.flush();
            System.exit(EXIT_START_FAILED);
            return;
        }

        System.out.println(PORT_LINE_PREFIX + server.port());
        System.out.flush();

        awaitEndOfStdin();
        System.exit(0); // runs the shutdown hook, and any the agent registered
    }

    private static void awaitEndOfStdin() {
        try {
            InputStream in = System.in;
            byte[] buffer = new byte[256];
            while (in.read(buffer) >= 0) {
                // anything written to us is ignored; only EOF matters
            }
        } catch (IOException e) {
            // a broken stdin means the parent is gone: stop as well
        }
    }

    private static synchronized void stop(Instance server, Path baseDir) {
        if (server != null) {
            try {
                server.stop();
            } catch (Exception e) {
                e.printStackTrace();
            }
        }
        deleteQuietly(baseDir);
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | UncheckedIOException e) {
            // a temp directory left behind is harmless
        }
    }

    /** Parsed command line. */
    static final class Options {
        /** The root context's docBase, or null for an empty one. */
        final Path webapp;
        /** Servlet class name to its mappings, in command line order: one instance per class. */
        final Map<String, List<String>> servlets;

        private Options(Path webapp, Map<String, List<String>> servlets) {
            this.webapp = webapp;
            this.servlets = servlets;
        }

        /** The webapp directory, or a new empty {@code empty-webapp} under {@code baseDir}. */
        Path docBase(Path baseDir) throws IOException {
            Path dir = webapp != null ? webapp : Files.createDirectories(baseDir.resolve("empty-webapp"));
            return dir.toAbsolutePath();
        }

        static Options parse(String[] args) {
            Path webapp = null;
            Map<String, List<String>> servlets = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--webapp") && i + 1 < args.length) {
                    webapp = Path.of(args[++i]);
                } else if (arg.equals("--servlet") && i + 1 < args.length) {
                    String spec = args[++i];
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new IllegalArgumentException("--servlet wants CLASSNAME=/mapping, got: " + spec);
                    }
                    servlets.computeIfAbsent(spec.substring(0, eq), k -> new ArrayList<>()).add(spec.substring(eq + 1));
                } else {
                    throw new IllegalArgumentException("unknown or incomplete argument: " + arg
                            + " (usage: [--webapp DIR] [--servlet CLASSNAME=/mapping]...)");
                }
            }
            servlets.replaceAll((k, v) -> Collections.unmodifiableList(v));
            return new Options(webapp, Collections.unmodifiableMap(servlets));
        }
    }
}
