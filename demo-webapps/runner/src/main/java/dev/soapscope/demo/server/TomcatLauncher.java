package dev.soapscope.demo.server;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
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
 * The forked demo server: embedded Tomcat 11 on 127.0.0.1 with one WAR at the root context.
 *
 * <pre>
 * java -javaagent:soapscope-agent.jar=port=0 -cp soapscope-demo.jar dev.soapscope.demo.server.TomcatLauncher \
 *      --war PATH [--port 0] [--max-threads 200]
 * </pre>
 *
 * Prints {@value #PORT_LINE_PREFIX}PORT once the WAR is started; stops when standard input closes.
 */
public final class TomcatLauncher {

    public static final String PORT_LINE_PREFIX = "SOAPSCOPE_DEMO_PORT=";

    private TomcatLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Path war = null;
        int port = 0;
        int maxThreads = 200;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (i + 1 >= args.length) {
                usage("missing value after " + arg);
            }
            switch (arg) {
                case "--war" -> war = Path.of(args[++i]);
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--max-threads" -> maxThreads = Integer.parseInt(args[++i]);
                default -> usage("unknown argument " + arg);
            }
        }
        if (war == null || !Files.isRegularFile(war)) {
            usage("--war wants an existing WAR file, got " + war);
        }

        Path baseDir = Files.createTempDirectory("soapscope-demo-tomcat");
        Tomcat tomcat = start(war, port, maxThreads, baseDir);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(tomcat, baseDir), "soapscope-demo-stop"));
        System.out.println(PORT_LINE_PREFIX + tomcat.getConnector().getLocalPort());
        System.out.flush();

        awaitEndOfStdin();
        System.exit(0); // runs the shutdown hooks, the agent's included
    }

    private static Tomcat start(Path war, int port, int maxThreads, Path baseDir) throws Exception {
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
        Context context = tomcat.addWebapp("", war.toAbsolutePath().toString());
        context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                addDefaultsWithoutJsp(context);
            }
        });
        StandardJarScanner scanner = new StandardJarScanner();
        scanner.setScanClassPath(false); // the WAR's own jars only; this jar (Tomcat itself) is not the application
        context.setJarScanner(scanner);
        ((StandardContext) context).setFailCtxIfServletStartFails(true);

        tomcat.start();
        if (context.getState() != LifecycleState.STARTED || connector.getState() != LifecycleState.STARTED
                || connector.getLocalPort() <= 0) {
            System.err.println("soapscope demo: Tomcat did not start the WAR (context " + context.getState()
                    + ", connector " + connector.getState() + ")");
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

    private static void awaitEndOfStdin() {
        try {
            InputStream in = System.in;
            byte[] buffer = new byte[256];
            while (in.read(buffer) >= 0) {
                // only the end matters
            }
        } catch (IOException e) {
            // the parent is gone: stop too
        }
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
                + " (usage: --war PATH [--port N] [--max-threads N])");
        System.exit(2);
    }
}
