package dev.soapscope.testkit;

import java.nio.file.Path;

import org.eclipse.jetty.ee11.annotations.AnnotationConfiguration;
import org.eclipse.jetty.ee11.plus.webapp.EnvConfiguration;
import org.eclipse.jetty.ee11.plus.webapp.PlusConfiguration;
import org.eclipse.jetty.ee11.servlet.ServletHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.ee11.servlet.Source;
import org.eclipse.jetty.ee11.webapp.WebAppContext;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Entry point of the forked test server: embedded Jetty 12.1 (ee11, Servlet 6.1) on 127.0.0.1 with a free port and one
 * root {@link WebAppContext}. Its webapp class loader is Jetty's: WEB-INF first ({@code parentLoaderPriority=false}),
 * as Tomcat's, but always from the parent for {@code java.}, {@code javax.}, {@code jakarta.}, {@code org.xml.} and
 * {@code org.w3c.} (Tomcat lets a webapp bring its own {@code jakarta.xml.soap}, say, Jetty does not), and blind to
 * {@code org.eclipse.jetty.}.
 *
 * <pre>
 * java -cp ... dev.soapscope.testkit.JettyMain [--webapp DIR] [--servlet CLASS=/mapping]...
 * </pre>
 *
 * Same command line, port line and life cycle as {@link TomcatMain} (see {@link ServerMain}). Servlets given by
 * {@code --servlet} are registered by class name and loaded by the webapp class loader: from WEB-INF if the webapp
 * has them, else from the class path this JVM runs on.
 */
public final class JettyMain {

    /** The one line the parent waits for: the same as {@link TomcatMain#PORT_LINE_PREFIX}. */
    public static final String PORT_LINE_PREFIX = ServerMain.PORT_LINE_PREFIX;

    private JettyMain() {
    }

    public static void main(String[] args) {
        ServerMain.run("jetty", args, JettyMain::configure);
    }

    static ServerMain.Instance configure(ServerMain.Options options, Path baseDir) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);

        WebAppContext context = new WebAppContext();
        context.setContextPath("/");
        context.setBaseResourceAsPath(options.docBase(baseDir));
        // WEB-INF first: Jetty's default, stated so that a system property
        // (org.eclipse.jetty.server.webapp.parentLoaderPriority) cannot make it parent-first
        context.setParentLoaderPriority(false);
        // WebInf, WebXml, MetaInf, Fragment (web-fragments in WEB-INF/lib) are defaults; these add JNDI and the
        // annotation scan that runs ServletContainerInitializers (META-INF/services in WEB-INF/lib) and @HandlesTypes
        context.addConfiguration(new EnvConfiguration(), new PlusConfiguration(), new AnnotationConfiguration());
        // unpacked jars, the scan's scratch files: under baseDir, which ServerMain deletes
        context.setTempDirectory(baseDir.resolve("work").toFile());
        // a servlet that cannot load is a broken test setup: fail the start instead of answering 503 later
        context.setThrowUnavailableOnStartupException(true);

        ServletHandler servlets = context.getServletHandler();
        options.servlets.forEach((className, mappings) -> {
            ServletHolder holder = servlets.newServletHolder(Source.EMBEDDED); // one instance per class
            holder.setName(className);
            holder.setClassName(className);
            holder.setInitOrder(1); // fail at start, not on the first request
            holder.setAsyncSupported(true); // a servlet may go asynchronous (startAsync)
            servlets.addServletWithMappings(holder, mappings.toArray(String[]::new));
        });

        server.setHandler(context);
        return new ServerMain.Instance() {
            @Override
            public void start() throws Exception {
                server.start();
                if (!context.isAvailable() || !connector.isStarted() || connector.getLocalPort() <= 0) {
                    IllegalStateException e = new IllegalStateException("Jetty did not start (context available "
                            + context.isAvailable() + ", connector " + connector.getState() + ")");
                    if (context.getUnavailableException() != null) {
                        e.initCause(context.getUnavailableException());
                    }
                    throw e;
                }
            }

            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public void stop() throws Exception {
                server.stop();
            }
        };
    }
}
