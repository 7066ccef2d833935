package dev.soapscope.testkit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
 * Entry point of the forked test server: embedded Tomcat 11 on 127.0.0.1 with a free port and one root context.
 *
 * <pre>
 * java -cp ... dev.soapscope.testkit.TomcatMain [--webapp DIR] [--servlet CLASS=/mapping]...
 * </pre>
 *
 * Prints {@value #PORT_LINE_PREFIX}PORT once started; stops when stdin closes (the parent died or closed us) or on
 * SIGTERM.
 */
public final class TomcatMain {

    /** The one line the parent waits for. */
    public static final String PORT_LINE_PREFIX = "SOAPSCOPE_TEST_SERVER_PORT=";

    private TomcatMain() {
    }

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        Path baseDir = Files.createTempDirectory("soapscope-tomcat");
        Tomcat tomcat = start(options, baseDir);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(tomcat, baseDir), "soapscope-tomcat-stop"));

        System.out.println(PORT_LINE_PREFIX + tomcat.getConnector().getLocalPort());
        System.out.flush();

        awaitEndOfStdin();
        System.exit(0); // runs the shutdown hook, and any the agent registered
    }

    static Tomcat start(Options options, Path baseDir) throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setHostname("127.0.0.1");
        Connector connector = tomcat.getConnector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");

        Path docBase = options.webapp != null ? options.webapp : Files.createDirectories(baseDir.resolve("empty-webapp"));
        // Tomcat's own defaults include a JspServlet that tomcat-embed-core lacks (a SEVERE stack trace at start)
        tomcat.setAddDefaultWebXmlToWebapp(false);
        // addWebapp in both cases: ContextConfig runs, so SCIs and web-fragments in WEB-INF/lib are found
        Context context = tomcat.addWebapp("", docBase.toAbsolutePath().toString());
        context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                addDefaultsWithoutJsp(context);
            }
        });
        StandardJarScanner scanner = new StandardJarScanner();
        // only the webapp's own jars; the testkit's class path (Tomcat, SAAJ) is not the application
        scanner.setScanClassPath(false);
        context.setJarScanner(scanner);
        // a servlet that cannot load is a broken test setup: fail the start instead of answering 404 later
        ((StandardContext) context).setFailCtxIfServletStartFails(true);

        for (String[] servlet : options.servlets) {
            String className = servlet[0];
            if (context.findChild(className) == null) { // one instance per class, however many mappings
                Wrapper wrapper = Tomcat.addServlet(context, className, className);
                wrapper.setLoadOnStartup(1); // fail at start, not on the first request
            }
            context.addServletMappingDecoded(servlet[1], className);
        }

        tomcat.start();
        if (context.getState() != LifecycleState.STARTED || connector.getState() != LifecycleState.STARTED
                || connector.getLocalPort() <= 0) {
            System.err.println("soapscope testkit: Tomcat did not start (context " + context.getState()
                    + ", connector " + connector.getState() + ")");
            System.err.flush();
            System.exit(2);
        }
        return tomcat;
    }

    /** What Tomcat.initWebappDefaults does, minus JSP: static files at "/" (overridable by web.xml) and MIME types. */
    private static void addDefaultsWithoutJsp(Context context) {
        Wrapper defaultServlet = Tomcat.addServlet(context, "default", "org.apache.catalina.servlets.DefaultServlet");
        defaultServlet.setLoadOnStartup(1);
        defaultServlet.setOverridable(true);
        context.addServletMappingDecoded("/", "default");
        Tomcat.addDefaultMimeTypeMappings(context);
        context.addWelcomeFile("index.html");
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

    private static synchronized void stop(Tomcat tomcat, Path baseDir) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (Exception e) {
            e.printStackTrace();
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
        Path webapp;
        final List<String[]> servlets = new ArrayList<>();

        static Options parse(String[] args) {
            Options options = new Options();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--webapp") && i + 1 < args.length) {
                    options.webapp = Path.of(args[++i]);
                } else if (arg.equals("--servlet") && i + 1 < args.length) {
                    String spec = args[++i];
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new IllegalArgumentException("--servlet wants CLASSNAME=/mapping, got: " + spec);
                    }
                    options.servlets.add(new String[] {spec.substring(0, eq), spec.substring(eq + 1)});
                } else {
                    throw new IllegalArgumentException("unknown or incomplete argument: " + arg
                            + " (usage: [--webapp DIR] [--servlet CLASSNAME=/mapping]...)");
                }
            }
            return options;
        }
    }
}
