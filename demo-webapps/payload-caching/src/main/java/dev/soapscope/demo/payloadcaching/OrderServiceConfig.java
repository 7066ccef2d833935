package dev.soapscope.demo.payloadcaching;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.WebServiceMessageFactory;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * What the three dispatcher servlets share: the endpoint, Spring-WS's default annotation-driven infrastructure, and
 * SOAP faults for unparseable requests. Each servlet's context adds one of {@link MessageFactories}.
 */
@Configuration(proxyBeanMethods = false)
@EnableWs
public class OrderServiceConfig {

    @Bean
    public OrderEndpoint orderEndpoint() {
        return new OrderEndpoint();
    }

    @Bean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME)
    public FaultingHandlerAdapter messageReceiverHandlerAdapter(WebServiceMessageFactory messageFactory) {
        FaultingHandlerAdapter adapter = new FaultingHandlerAdapter();
        adapter.setMessageFactory(messageFactory); // the servlet sets it again, but after this bean's init check
        return adapter;
    }
}
