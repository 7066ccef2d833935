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
 *
 * <p>Two more pairs on SAAJ, each differing in one interceptor setting: whole-message logging with its logger at
 * DEBUG or INFO ({@code /logging-debug/*}, {@code /logging-info/*}, {@link MessageLogging}), and schema validation on
 * or off ({@code /validation-on/*}, {@code /validation-off/*}, {@link SchemaValidation}).
 */
public class PayloadCachingInitializer implements WebApplicationInitializer {

    @Override
    public void onStartup(ServletContext servletContext) {
        addDispatcher(servletContext, "saaj", MessageFactories.Saaj.class);
        addDispatcher(servletContext, "axiom-caching", MessageFactories.AxiomCaching.class);
        addDispatcher(servletContext, "axiom-streaming", MessageFactories.AxiomStreaming.class);
        addDispatcher(servletContext, "logging-debug", MessageFactories.Saaj.class, MessageLogging.Debug.class);
        addDispatcher(servletContext, "logging-info", MessageFactories.Saaj.class, MessageLogging.Info.class);
        addDispatcher(servletContext, "validation-on", MessageFactories.Saaj.class, SchemaValidation.On.class);
        addDispatcher(servletContext, "validation-off", MessageFactories.Saaj.class, SchemaValidation.Off.class);
    }

    private static void addDispatcher(ServletContext servletContext, String name, Class<?>... configs) {
        AnnotationConfigWebApplicationContext context = new AnnotationConfigWebApplicationContext();
        context.register(OrderServiceConfig.class);
        context.register(configs);
        ServletRegistration.Dynamic servlet = servletContext.addServlet(name, new MessageDispatcherServlet(context));
        servlet.addMapping("/" + name + "/*");
        servlet.setLoadOnStartup(1); // a broken context fails the deployment, not the first request
    }
}
