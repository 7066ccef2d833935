package dev.soapscope.demo.payloadcaching;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.soap.axiom.AxiomSoapMessageFactory;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * One configuration per dispatcher servlet, each defining the bean MessageDispatcherServlet looks up by name
 * ({@value MessageDispatcherServlet#DEFAULT_MESSAGE_FACTORY_BEAN_NAME}).
 */
public final class MessageFactories {

    private MessageFactories() {
    }

    /** SAAJ RI: parses the whole envelope into a DOM before dispatch. */
    @Configuration(proxyBeanMethods = false)
    public static class Saaj {
        @Bean
        public SaajSoapMessageFactory messageFactory() {
            return new SaajSoapMessageFactory();
        }
    }

    /** Axiom, payload caching on (the default): the payload is built into an object model while it is read. */
    @Configuration(proxyBeanMethods = false)
    public static class AxiomCaching {
        @Bean
        public AxiomSoapMessageFactory messageFactory() {
            AxiomSoapMessageFactory factory = new AxiomSoapMessageFactory();
            factory.setPayloadCaching(true);
            return factory;
        }
    }

    /**
     * Axiom, payload caching off: JAXB unmarshals straight from the request stream without building a tree, which
     * saves memory and time on large payloads, but the payload can then be read only once (no logging interceptor
     * may consume it first).
     */
    @Configuration(proxyBeanMethods = false)
    public static class AxiomStreaming {
        @Bean
        public AxiomSoapMessageFactory messageFactory() {
            AxiomSoapMessageFactory factory = new AxiomSoapMessageFactory();
            factory.setPayloadCaching(false);
            return factory;
        }
    }
}
