package dev.soapscope.demo.mtom.springws;

import java.time.Duration;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.soap.axiom.AxiomSoapMessageFactory;

import dev.soapscope.demo.mtom.api.Queries;
import dev.soapscope.demo.mtom.api.QueriesService;

/**
 * The webapp's one {@link Queries} (closed with the context), the endpoint, and the message factory the dispatcher
 * servlet looks up by name: Axiom with payload caching off, Spring-WS's streaming mode (JAXB unmarshals straight from
 * the request's parser, no object model of the payload is built).
 */
@Configuration(proxyBeanMethods = false)
@EnableWs
public class QueryServiceConfig {

    /** A query not fetched from for this long is cancelled (as in the other stacks' WARs). */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    @Bean(destroyMethod = "close")
    public Queries queries() {
        return new Queries(IDLE_TIMEOUT);
    }

    @Bean
    public QueryEndpoint queryEndpoint(Queries queries) {
        return new QueryEndpoint(new QueriesService(queries));
    }

    @Bean
    public AxiomSoapMessageFactory messageFactory() {
        AxiomSoapMessageFactory factory = new AxiomSoapMessageFactory();
        factory.setPayloadCaching(false);
        return factory;
    }
}
