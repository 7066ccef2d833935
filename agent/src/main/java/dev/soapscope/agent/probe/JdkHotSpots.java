package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * Calls that are hot spots when they happen per request: creating an XML, JAXB or SAAJ factory, compiling a
 * regex, generating a random UUID, loading a key store, failing a reflective look-up. Overloads that call each other
 * count once.
 */
final class JdkHotSpots {
    /** Methods that create a factory, on every factory type below. */
    private static final String[] FACTORY_METHODS = {
        "newInstance", "newFactory", "newDefaultInstance", "newDefaultFactory", "newNSInstance", "newDefaultNSInstance"};

    static final StackProbe XML_FACTORIES = new StackProbe("xml-factories", Rule.hotspot(
            namedOneOf("javax.xml.stream.XMLInputFactory", "javax.xml.stream.XMLOutputFactory",
                    "javax.xml.parsers.DocumentBuilderFactory", "javax.xml.parsers.SAXParserFactory",
                    "javax.xml.transform.TransformerFactory"),
            isStatic().and(namedOneOf(FACTORY_METHODS)), HotSpotKind.FACTORY_CREATE));
    static final StackProbe JAXB_CONTEXT = new StackProbe("jaxb-context", Rule.hotspot(
            namedOneOf("javax.xml.bind.JAXBContext", "jakarta.xml.bind.JAXBContext"),
            isStatic().and(named("newInstance")), HotSpotKind.FACTORY_CREATE));
    static final StackProbe SAAJ_FACTORIES = new StackProbe("saaj-factories", Rule.hotspot(
            namedOneOf("javax.xml.soap.MessageFactory", "javax.xml.soap.SOAPFactory",
                    "jakarta.xml.soap.MessageFactory", "jakarta.xml.soap.SOAPFactory"),
            isStatic().and(named("newInstance")), HotSpotKind.FACTORY_CREATE));
    static final StackProbe REGEX = new StackProbe("regex", Rule.hotspot(
            named("java.util.regex.Pattern"), isStatic().and(named("compile")), HotSpotKind.REGEX_COMPILE));
    static final StackProbe UUID = new StackProbe("uuid", Rule.hotspot(
            named("java.util.UUID"), isStatic().and(named("randomUUID")), HotSpotKind.UUID_RANDOM));
    static final StackProbe KEYSTORE = new StackProbe("keystore", Rule.hotspot(
            named("java.security.KeyStore"), not(isStatic()).and(named("load")), HotSpotKind.CRYPTO_LOAD));

    /**
     * The exceptions of a failed reflective look-up of a method or field ({@code Class.getMethod},
     * {@code getDeclaredField}...): each fills in a stack trace, which costs microseconds, and code that probes for an
     * optional method on every request throws and catches one each time. Only these two leaf types: advice on
     * {@code Throwable} would run for every exception the JVM creates, and class loaders create a
     * {@code ClassNotFoundException} for every class a parent misses, thousands at start-up and on first use. Neither
     * type's constructors call each other, so each object counts once.
     */
    static final StackProbe REFLECTIVE_EXCEPTIONS = new StackProbe("reflective-exceptions", Rule.created(
            namedOneOf("java.lang.NoSuchMethodException", "java.lang.NoSuchFieldException"),
            HotSpotKind.EXCEPTION_THROWN));

    private JdkHotSpots() {
    }
}
