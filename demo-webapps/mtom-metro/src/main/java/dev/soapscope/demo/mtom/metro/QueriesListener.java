package dev.soapscope.demo.mtom.metro;

import java.time.Duration;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;

import dev.soapscope.demo.mtom.api.Queries;

/**
 * The webapp's one {@link Queries}, shared by both endpoints. Metro instantiates endpoint classes itself (no-argument
 * constructors, from sun-jaxws.xml) in its ServletContainerInitializer, before any listener runs: the first endpoint
 * creates it. The undeploy closes it: no producer thread outlives the webapp.
 */
public class QueriesListener implements ServletContextListener {

    /** A query not fetched from for this long is cancelled (as in the CXF WAR). */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private static volatile Queries queries;

    static synchronized Queries queries() {
        if (queries == null) {
            queries = new Queries(IDLE_TIMEOUT);
        }
        return queries;
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        // created by the first endpoint
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        Queries current;
        synchronized (QueriesListener.class) {
            current = queries;
            queries = null;
        }
        if (current != null) {
            current.close();
        }
    }
}
