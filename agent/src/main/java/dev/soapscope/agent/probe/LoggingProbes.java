package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

import static net.bytebuddy.matcher.ElementMatchers.isBootstrapClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Time inside the logging frameworks during a request, as {@code logging}. Each rule sits after the framework's
 * own level check, so a disabled DEBUG line never reaches it: it costs nothing and enters no phase. JBoss Logging
 * and commons-logging only delegate to one of these. The SOAP stacks' message logging copies the whole message to
 * log it: that is {@code message.logged}, at the stack's code that asked for it.
 */
final class LoggingProbes {
    /** Log4j 2: every {@code logMessage} runs only once {@code logIfEnabled} said yes; the core Logger's appends. */
    static final StackProbe LOG4J2 = new StackProbe("logging.log4j2",
            Rule.phaseInRequest(Rule.below("org.apache.logging.log4j.spi.AbstractLogger"), named("logMessage"),
                    Phase.LOGGING))
            .loadedBy(SeesType.anyOf("org.apache.logging.log4j.spi.AbstractLogger"));

    /** Logback: filterAndLog_* check the level, then build the event and call the appenders. */
    static final StackProbe LOGBACK = new StackProbe("logging.logback",
            Rule.phaseInRequest(named("ch.qos.logback.classic.Logger"),
                    namedOneOf("buildLoggingEventAndAppend", "callAppenders"), Phase.LOGGING))
            .loadedBy(SeesType.anyOf("ch.qos.logback.classic.Logger"));

    /** java.util.logging (and Tomcat's JULI on it): the convenience methods check the level before log(LogRecord). */
    static final StackProbe JUL = new StackProbe("logging.jul",
            Rule.phaseInRequest(named("java.util.logging.Logger"),
                    named("log").and(takesArguments(1)).and(takesArgument(0, named("java.util.logging.LogRecord"))),
                    Phase.LOGGING))
            .loadedBy(isBootstrapClassLoader());

    /** Log4j 1.2 and reload4j: the level methods check the level before forcedLog. */
    static final StackProbe LOG4J1 = new StackProbe("logging.log4j1",
            Rule.phaseInRequest(named("org.apache.log4j.Category"), namedOneOf("forcedLog", "callAppenders"),
                    Phase.LOGGING))
            .loadedBy(SeesType.anyOf("org.apache.log4j.Category"));

    /** JBoss LogManager (WildFly's JUL): its own loggers skip JUL's log(LogRecord) and go through logRaw. */
    static final StackProbe JBOSS_LOGMANAGER = new StackProbe("logging.jboss-logmanager",
            Rule.phaseInRequest(named("org.jboss.logmanager.Logger"), named("logRaw"), Phase.LOGGING))
            .loadedBy(SeesType.anyOf("org.jboss.logmanager.Logger"));

    private static final String CXF_LOGGING = "org.apache.cxf.ext.logging.";

    /**
     * CXF's logging feature copies each message whole, whether or not its logger is enabled: WireTapIn caches the
     * request body, LoggingInInterceptor turns it into the event's payload string, the out interceptor's callback
     * does the same with the response; the event sender formats and logs. The interceptors' own work around that
     * (exchange ids from UUIDs, the JAAS principal, headers, masking) is logging too: in a pre-invoke phase it was
     * about 8% of the java_first_spring_support sample's request CPU counted as invoke.
     */
    static final StackProbe CXF = new StackProbe("message-logging.cxf",
            Rule.phaseInRequest(namedOneOf(CXF_LOGGING + "LoggingInInterceptor", CXF_LOGGING + "LoggingOutInterceptor"),
                    named("handleMessage").and(takesArguments(1)), Phase.LOGGING),
            Rule.phaseInRequest(named(CXF_LOGGING + "WireTapIn"), namedOneOf("handleInputStream", "handleReader"),
                    Phase.LOGGING),
            Rule.phaseInRequest(named(CXF_LOGGING + "LoggingInInterceptor"), named("addContent"), Phase.LOGGING),
            Rule.hotspot(named(CXF_LOGGING + "LoggingInInterceptor"), named("addContent"),
                    HotSpotKind.MESSAGE_LOGGED, "CXF LoggingInInterceptor: request copied to a string for the log"),
            Rule.phaseInRequest(named(CXF_LOGGING + "LoggingOutInterceptor$LoggingCallback"), named("onClose"),
                    Phase.LOGGING),
            Rule.hotspot(named(CXF_LOGGING + "LoggingOutInterceptor$LoggingCallback"), named("onClose"),
                    HotSpotKind.MESSAGE_LOGGED, "CXF LoggingOutInterceptor: response copied to a string for the log"),
            Rule.phaseInRequest(named(CXF_LOGGING + "LoggingOutInterceptor$LogEventSendingWriter"), named("close"),
                    Phase.LOGGING),
            Rule.hotspot(named(CXF_LOGGING + "LoggingOutInterceptor$LogEventSendingWriter"), named("close"),
                    HotSpotKind.MESSAGE_LOGGED, "CXF LoggingOutInterceptor: response copied to a string for the log"),
            Rule.phaseInRequest(Rule.below(CXF_LOGGING + "event.LogEventSender"), named("send"), Phase.LOGGING))
            .loadedBy(SeesType.anyOf(CXF_LOGGING + "AbstractLoggingInterceptor"));

    private static final String SPRING_WS_LOGGING_INTERCEPTOR =
            "org.springframework.ws.server.endpoint.AbstractLoggingInterceptor";

    /**
     * Spring-WS message tracing (TRACE on org.springframework.ws.server.MessageTracing) serializes each message whole;
     * the logging interceptors (PayloadLoggingInterceptor, SoapEnvelopeLoggingInterceptor) transform the payload or
     * envelope into a string, in logMessageSource, which they call only once their logger's DEBUG check said yes.
     */
    static final StackProbe SPRING_WS = new StackProbe("message-logging.spring-ws",
            Rule.phaseInRequest(named("org.springframework.ws.server.MessageDispatcher"), named("getMessageContent"),
                    Phase.LOGGING),
            Rule.hotspot(named("org.springframework.ws.server.MessageDispatcher"), named("getMessageContent"),
                    HotSpotKind.MESSAGE_LOGGED, "Spring-WS MessageDispatcher: message serialized for message tracing"),
            Rule.phaseInRequest(Rule.below(SPRING_WS_LOGGING_INTERCEPTOR), named("logMessageSource"), Phase.LOGGING),
            Rule.hotspot(Rule.below(SPRING_WS_LOGGING_INTERCEPTOR), named("logMessageSource"),
                    HotSpotKind.MESSAGE_LOGGED, "Spring-WS logging interceptor: message transformed to a string for the log"))
            .loadedBy(SeesType.anyOf("org.springframework.ws.server.MessageDispatcher"));

    private LoggingProbes() {
    }
}
