package dev.soapscope.demo.payloadcaching;

import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.soap.server.endpoint.interceptor.SoapEnvelopeLoggingInterceptor;

/**
 * Whole-message logging with Spring-WS's own {@link SoapEnvelopeLoggingInterceptor}, the same on both dispatchers
 * but for its logger: {@code orders.messages.debug}, which logback.xml sets at DEBUG, so each request and response
 * envelope is serialized to a string and written to the log file; or {@code orders.messages.info}, at INFO, so the
 * interceptor's level check skips all of it.
 */
public final class MessageLogging {

    /** Parent of both loggers; logback.xml sends it to the message log file. */
    static final String LOGGER_PREFIX = "orders.messages.";

    private MessageLogging() {
    }

    private static void addLoggingInterceptor(List<EndpointInterceptor> interceptors, String level) {
        SoapEnvelopeLoggingInterceptor logging = new SoapEnvelopeLoggingInterceptor();
        logging.setLoggerName(LOGGER_PREFIX + level);
        interceptors.add(logging);
    }

    /** Its logger at DEBUG: every message logged whole. */
    @Configuration(proxyBeanMethods = false)
    public static class Debug implements WsConfigurer {
        @Override
        public void addInterceptors(List<EndpointInterceptor> interceptors) {
            addLoggingInterceptor(interceptors, "debug");
        }
    }

    /** Its logger at INFO: nothing logged. */
    @Configuration(proxyBeanMethods = false)
    public static class Info implements WsConfigurer {
        @Override
        public void addInterceptors(List<EndpointInterceptor> interceptors) {
            addLoggingInterceptor(interceptors, "info");
        }
    }
}
