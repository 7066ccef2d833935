package dev.soapscope.demo.mtom.axis1;

import java.time.Duration;

import javax.servlet.ServletContextEvent;
import javax.servlet.ServletContextListener;

import dev.soapscope.demo.mtom.api.Queries;

/**
 * Owns the webapp's one {@link Queries}: made at deploy, before Axis makes the service on the first request; closed at
 * undeploy, so no producer thread outlives the webapp.
 */
public class QueriesListener implements ServletContextListener {

    /** A query not fetched from for this long is cancelled (as in the other stacks' WARs). */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private static volatile Queries queries;

    static Queries queries() {
        Queries current = queries;
        if (current == null) {
            throw new IllegalStateException("the webapp is not deployed (no Queries)");
        }
        return current;
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        queries = new Queries(IDLE_TIMEOUT);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        Queries current = queries;
        queries = null;
        if (current != null) {
            current.close();
        }
    }
}
