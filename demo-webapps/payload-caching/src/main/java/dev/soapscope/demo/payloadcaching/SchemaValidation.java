package dev.soapscope.demo.payloadcaching;

import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.soap.server.endpoint.interceptor.PayloadValidatingInterceptor;

/**
 * Spring-WS's own {@link PayloadValidatingInterceptor} with the orders schema ({@code orders.xsd}), validating the
 * request and response payloads, or loaded the same way with both switched off.
 */
public final class SchemaValidation {

    static final String SCHEMA = "orders.xsd";

    private SchemaValidation() {
    }

    static PayloadValidatingInterceptor interceptor(boolean validate) {
        PayloadValidatingInterceptor validating = new PayloadValidatingInterceptor();
        validating.setSchema(new ClassPathResource(SCHEMA));
        validating.setValidateRequest(validate);
        validating.setValidateResponse(validate);
        try {
            validating.afterPropertiesSet(); // compiles the schema
        } catch (Exception e) {
            throw new IllegalStateException("cannot load " + SCHEMA, e);
        }
        return validating;
    }

    /** Request and response payloads validated against the schema. */
    @Configuration(proxyBeanMethods = false)
    public static class On implements WsConfigurer {
        @Override
        public void addInterceptors(List<EndpointInterceptor> interceptors) {
            interceptors.add(interceptor(true));
        }
    }

    /** The same interceptor and schema, validating nothing. */
    @Configuration(proxyBeanMethods = false)
    public static class Off implements WsConfigurer {
        @Override
        public void addInterceptors(List<EndpointInterceptor> interceptors) {
            interceptors.add(interceptor(false));
        }
    }
}
