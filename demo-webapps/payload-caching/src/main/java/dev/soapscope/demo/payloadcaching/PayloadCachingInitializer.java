package dev.soapscope.demo.payloadcaching;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;

import org.springframework.web.WebApplicationInitializer;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * Registers one MessageDispatcherServlet per message factory, each with its own application context built from the
 * shared {@link OrderServiceConfig} plus its factory: {@code /saaj/*}, {@code /axiom-caching/*},
 * {@code /axiom-streaming/*}. The same request then differs only in how the envelope is read.
 */
public class PayloadCachingInitializer implements WebApplicationInitializer {

    @Override
    public void onStartup(ServletContext servletContext) {
        addDispatcher(servletContext, "saaj", MessageFactories.Saaj.class);
        addDispatcher(servletContext, "axiom-caching", MessageFactories.AxiomCaching.class);
        addDispatcher(servletContext, "axiom-streaming", MessageFactories.AxiomStreaming.class);
    }

    private static void addDispatcher(ServletContext servletContext, String name, Class<?> messageFactoryConfig) {
        AnnotationConfigWebApplicationContext context = new AnnotationConfigWebApplicationContext();
        context.register(OrderServiceConfig.class, messageFactoryConfig);
        ServletRegistration.Dynamic servlet = servletContext.addServlet(name, new MessageDispatcherServlet(context));
        servlet.addMapping("/" + name + "/*");
        servlet.setLoadOnStartup(1); // a broken context fails the deployment, not the first request
    }
}
