package dev.soapscope.demo.server;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * The forked demo server: embedded Tomcat 11 on 127.0.0.1 with one or more WARs, each at its context path.
 *
 * <pre>
 * java -javaagent:soapscope-agent.jar=port=0 -cp soapscope-demo-server.jar dev.soapscope.demo.server.TomcatLauncher \
 *      --war PATH[=/CONTEXT] [--war PATH=/CONTEXT ...] [--port 0] [--max-threads 200]
 * </pre>
 *
 * A WAR without {@code =/CONTEXT} goes to the root context. Prints {@value LauncherProtocol#PORT_LINE_PREFIX}PORT
 * once every WAR is started, then answers the commands of {@link LauncherProtocol} read from standard input; stops
 * when standard input closes. Its class path is this package and Tomcat, nothing else: whatever the WARs bring (CXF,
 * Spring) they find only in themselves.
 */
public final class TomcatLauncher {

    public static final String PORT_LINE_PREFIX = LauncherProtocol.PORT_LINE_PREFIX;

    private TomcatLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Path> wars = new LinkedHashMap<>(); // context path ("" for the root) to WAR
        int port = 0;
        int maxThreads = 200;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (i + 1 >= args.length) {
                usage("missing value after " + arg);
            }
            switch (arg) {
                case "--war" -> {
                    String[] war = warAndContext(args[++i]);
                    if (wars.put(war[1], Path.of(war[0])) != null) {
                        usage("two WARs for the context '" + war[1] + "'");
                    }
                }
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--max-threads" -> maxThreads = Integer.parseInt(args[++i]);
                default -> usage("unknown argument " + arg);
            }
        }
        if (wars.isEmpty()) {
            usage("--war wants an existing WAR file");
        }
        for (Path war : wars.values()) {
            if (!Files.isRegularFile(war)) {
                usage("--war wants an existing WAR file, got " + war);
            }
        }

        HeapWatch heap = HeapWatch.start();
        Path baseDir = Files.createTempDirectory("soapscope-demo-tomcat");
        Tomcat tomcat = start(wars, port, maxThreads, baseDir);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(tomcat, baseDir), "soapscope-demo-stop"));
        System.out.println(PORT_LINE_PREFIX + tomcat.getConnector().getLocalPort());
        System.out.flush();

        serveCommands(heap);
        System.exit(0); // runs the shutdown hooks, the agent's included
    }

    /**
     * {@code PATH=/CONTEXT} or {@code PATH} (the root context): {path, context}, the context "" for the root. Only an
     * '=' followed by '/' or by nothing separates a context, so a path may hold other '=' signs.
     */
    static String[] warAndContext(String value) {
        int eq = value.lastIndexOf('=');
        if (eq > 0 && (eq == value.length() - 1 || value.charAt(eq + 1) == '/')) {
            String context = value.substring(eq + 1);
            return new String[] {value.substring(0, eq), context.equals("/") ? "" : context};
        }
        return new String[] {value, ""};
    }

    private static Tomcat start(Map<String, Path> wars, int port, int maxThreads, Path baseDir) throws Exception {
        Files.createDirectories(baseDir.resolve("webapps")); // the host's appBase: the WAR is expanded there
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setHostname("127.0.0.1");
        Connector connector = tomcat.getConnector();
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("maxThreads", String.valueOf(maxThreads));
        connector.setProperty("acceptCount", "1000");
        // the load driver holds C connections for a whole scenario: never close one after 100 requests
        connector.setProperty("maxKeepAliveRequests", "-1");

        // Tomcat's default web.xml brings a JspServlet that tomcat-embed-core lacks: add the rest by hand
        tomcat.setAddDefaultWebXmlToWebapp(false);
        List<Context> contexts = new ArrayList<>();
        for (Map.Entry<String, Path> war : wars.entrySet()) {
            Context context = tomcat.addWebapp(war.getKey(), war.getValue().toAbsolutePath().toString());
            context.addLifecycleListener(event -> {
                if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                    addDefaultsWithoutJsp(context);
                }
            });
            StandardJarScanner scanner = new StandardJarScanner();
            scanner.setScanClassPath(false); // the WAR's own jars only; this jar (Tomcat itself) is not the application
            context.setJarScanner(scanner);
            ((StandardContext) context).setFailCtxIfServletStartFails(true);
            contexts.add(context);
        }

        tomcat.start();
        for (Context context : contexts) {
            if (context.getState() != LifecycleState.STARTED) {
                System.err.println("soapscope demo: Tomcat did not start the WAR at '" + context.getPath()
                        + "' (context " + context.getState() + ")");
                System.exit(3);
            }
        }
        if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
            System.err.println("soapscope demo: Tomcat's connector did not start (" + connector.getState() + ")");
            System.exit(3);
        }
        return tomcat;
    }

    private static void addDefaultsWithoutJsp(Context context) {
        Wrapper defaultServlet = Tomcat.addServlet(context, "default", "org.apache.catalina.servlets.DefaultServlet");
        defaultServlet.setLoadOnStartup(1);
        defaultServlet.setOverridable(true);
        context.addServletMappingDecoded("/", "default");
        Tomcat.addDefaultMimeTypeMappings(context);
    }

    /** Answers {@link LauncherProtocol}'s commands until standard input ends. */
    private static void serveCommands(HeapWatch heap) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                switch (line.trim()) {
                    case LauncherProtocol.HEAP_RESET -> {
                        heap.reset();
                        answer(LauncherProtocol.HEAP_LINE_PREFIX + heap.report());
                    }
                    case LauncherProtocol.HEAP_PEAK -> answer(LauncherProtocol.HEAP_LINE_PREFIX + heap.report());
                    case LauncherProtocol.ALLOCATED_BYTES -> {
                        long[] allocated = AllocatedBytes.ofLiveThreads();
                        answer(LauncherProtocol.ALLOCATED_LINE_PREFIX + allocated[0] + " " + allocated[1]);
                    }
                    default -> {
                        // unknown or empty: nothing to say
                    }
                }
            }
        } catch (IOException e) {
            // the parent is gone: stop too
        }
    }

    private static void answer(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static synchronized void stop(Tomcat tomcat, Path baseDir) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (Exception e) {
            e.printStackTrace();
        }
        try (Stream<Path> paths = Files.walk(baseDir)) {
            paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | UncheckedIOException e) {
            // a temp directory left behind is harmless
        }
    }

    private static void usage(String problem) {
        System.err.println("TomcatLauncher: " + problem
                + " (usage: --war PATH[=/CONTEXT] [--war PATH=/CONTEXT ...] [--port N] [--max-threads N])");
        System.exit(2);
    }
}
