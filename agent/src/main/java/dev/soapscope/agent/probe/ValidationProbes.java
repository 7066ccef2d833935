package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Phase;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;

/**
 * XML schema validation as {@code validation}: the JDK's {@code javax.xml.validation.Validator} (its own Xerces,
 * or Apache Xerces in a webapp) and the stacks' validating interceptors around it. Validation done inline while
 * parsing (a {@code ValidatorHandler} under JAXB, CXF's validating stream readers) stays in the phase it runs in.
 */
final class ValidationProbes {
    /** validate(Source) and validate(Source, Result): named types only, no hierarchy to resolve for every class. */
    static final StackProbe JAXP = new StackProbe("validation.jaxp",
            Rule.phaseInRequest(namedOneOf("javax.xml.validation.Validator",
                            "com.sun.org.apache.xerces.internal.jaxp.validation.ValidatorImpl",
                            "org.apache.xerces.jaxp.validation.ValidatorImpl"),
                    named("validate"), Phase.VALIDATION));

    /** Spring-WS PayloadValidatingInterceptor and the like: the payload turned into a Source, then validated. */
    static final StackProbe SPRING_WS = new StackProbe("validation.spring-ws",
            Rule.phase(Rule.below("org.springframework.ws.server.endpoint.interceptor.AbstractValidatingInterceptor"),
                    namedOneOf("handleRequest", "handleResponse"), Phase.VALIDATION))
            .loadedBy(SeesType.anyOf("org.springframework.ws.server.endpoint.interceptor.AbstractValidatingInterceptor"));

    private ValidationProbes() {
    }
}
