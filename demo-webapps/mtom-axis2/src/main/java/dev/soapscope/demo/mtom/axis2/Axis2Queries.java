package dev.soapscope.demo.mtom.axis2;

import java.time.Duration;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.ServiceLifeCycle;

import dev.soapscope.demo.mtom.api.Queries;

/**
 * The webapp's one {@link Queries}, shared by both services (a query started on one can be fetched on the other), and
 * their Axis2 life cycle: Axis2 makes a service object per request (the default request scope), so the queries live
 * here; the first service shut down (the webapp's undeploy) closes them, so no producer thread outlives the webapp.
 */
public class Axis2Queries implements ServiceLifeCycle {

    /** A query not fetched from for this long is cancelled (as in the CXF and Metro WARs). */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private static Queries queries;

    static synchronized Queries queries() {
        if (queries == null) {
            queries = new Queries(IDLE_TIMEOUT);
        }
        return queries;
    }

    @Override
    public void startUp(ConfigurationContext context, AxisService service) {
        queries();
    }

    @Override
    public void shutDown(ConfigurationContext context, AxisService service) {
        Queries current;
        synchronized (Axis2Queries.class) {
            current = queries;
            queries = null;
        }
        if (current != null) {
            current.close();
        }
    }
}
