package dev.soapscope.demo.mtom.springws;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;

import org.springframework.web.WebApplicationInitializer;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * One MessageDispatcherServlet at {@code /services/*} over {@link QueryServiceConfig}. A servlet given its context
 * does not close it: a listener does at undeploy, so the Queries' producer threads end with the webapp.
 */
public class QueryServiceInitializer implements WebApplicationInitializer {

    @Override
    public void onStartup(ServletContext servletContext) {
        AnnotationConfigWebApplicationContext context = new AnnotationConfigWebApplicationContext();
        context.register(QueryServiceConfig.class);
        ServletRegistration.Dynamic servlet = servletContext.addServlet("spring-ws",
                new MessageDispatcherServlet(context));
        servlet.addMapping("/services/*");
        servlet.setLoadOnStartup(1); // a broken context fails the deployment, not the first request
        servletContext.addListener(new ServletContextListener() {
            @Override
            public void contextDestroyed(ServletContextEvent event) {
                context.close();
            }
        });
    }
}
