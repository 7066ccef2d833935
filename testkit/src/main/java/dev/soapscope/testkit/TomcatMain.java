package dev.soapscope.testkit;

import java.nio.file.Path;

import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * Entry point of the forked test server: embedded Tomcat (11, or 9 on {@code tomcat9.classpath}) on 127.0.0.1 with a free port and one root context.
 *
 * <pre>
 * java -cp ... dev.soapscope.testkit.TomcatMain [--webapp DIR] [--servlet CLASS=/mapping]...
 * </pre>
 *
 * Prints {@value #PORT_LINE_PREFIX}PORT once started; stops when stdin closes (the parent died or closed us) or on
 * SIGTERM. Command line and life cycle are {@link ServerMain}'s, shared with {@link JettyMain}.
 */
public final class TomcatMain {

    /** The one line the parent waits for. */
    public static final String PORT_LINE_PREFIX = ServerMain.PORT_LINE_PREFIX;

    private TomcatMain() {
    }

    public static void main(String[] args) {
        ServerMain.run("tomcat", args, TomcatMain::configure);
    }

    static ServerMain.Instance configure(ServerMain.Options options, Path baseDir) throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setHostname("127.0.0.1");
        Connector connector = tomcat.getConnector();
        connector.setPort(Integer.getInteger("testkit.port", 0)); // a fixed port only for tests that need one
        connector.setProperty("address", "127.0.0.1");
        // -Dtestkit.virtualThreads=true: every request on a virtual thread (Tomcat 11's useVirtualThreads, Java 21+)
        if (Boolean.getBoolean("testkit.virtualThreads")) {
            connector.setProperty("useVirtualThreads", "true");
        }

        // Tomcat's own defaults include a JspServlet that tomcat-embed-core lacks (a SEVERE stack trace at start)
        tomcat.setAddDefaultWebXmlToWebapp(false);
        // addWebapp in both cases: ContextConfig runs, so SCIs and web-fragments in WEB-INF/lib are found
        // -Dtestkit.contextPath=/name: the webapp where a sample's own client expects it (root by default)
        Context context = tomcat.addWebapp(System.getProperty("testkit.contextPath", ""), options.docBase(baseDir).toString());
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

        options.servlets.forEach((className, mappings) -> {
            Wrapper wrapper = Tomcat.addServlet(context, className, className); // one instance per class
            wrapper.setLoadOnStartup(1); // fail at start, not on the first request
            wrapper.setAsyncSupported(true); // a servlet may go asynchronous (startAsync)
            mappings.forEach(mapping -> context.addServletMappingDecoded(mapping, className));
        });

        return new ServerMain.Instance() {
            @Override
            public void start() throws Exception {
                tomcat.start();
                if (context.getState() != LifecycleState.STARTED || connector.getState() != LifecycleState.STARTED
                        || connector.getLocalPort() <= 0) {
                    throw new IllegalStateException("Tomcat did not start (context " + context.getState()
                            + ", connector " + connector.getState() + ")");
                }
            }

            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public void stop() throws Exception {
                tomcat.stop();
                tomcat.destroy();
            }
        };
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
}
