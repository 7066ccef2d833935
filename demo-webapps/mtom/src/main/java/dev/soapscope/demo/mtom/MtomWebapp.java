package dev.soapscope.demo.mtom;

import java.time.Duration;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebListener;

import org.apache.cxf.jaxrs.servlet.CXFNonSpringJaxrsServlet;

import dev.soapscope.demo.mtom.api.Queries;

/**
 * The webapp without web.xml or Spring: {@link SoapServlet} at {@code /services/*} and the JAX-RS
 * {@link QueryResource} at {@code /rest/*}, both over one {@link Queries}, which the undeploy closes (no producer
 * thread outlives the webapp).
 */
@WebListener
public class MtomWebapp implements ServletContextListener {

    /** A query not fetched from for this long is cancelled. */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private Queries queries;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        queries = new Queries(IDLE_TIMEOUT);
        add(context, "soap", new SoapServlet(queries), "/services/*");
        add(context, "rest", new CXFNonSpringJaxrsServlet(new QueryResource(queries)), "/rest/*");
    }

    private static void add(ServletContext context, String name, Servlet servlet, String mapping) {
        ServletRegistration.Dynamic registration = context.addServlet(name, servlet);
        registration.addMapping(mapping);
        registration.setLoadOnStartup(1); // a broken endpoint fails the deployment, not the first request
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (queries != null) {
            queries.close();
        }
    }
}
