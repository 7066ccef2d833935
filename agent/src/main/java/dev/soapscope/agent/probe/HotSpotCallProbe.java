package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Recorder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * A call that is a hot spot when it happens per request: creating an XML, JAXB or SAAJ factory, compiling a
 * regex, generating a random UUID, loading a key store. Each is one event of its kind, its site the called
 * method; overloads that call each other count once (the outermost call).
 */
final class HotSpotCallProbe implements Probe {
    /** Methods that create a factory, on every factory type below. */
    private static final String[] FACTORY_METHODS = {
        "newInstance", "newFactory", "newDefaultInstance", "newDefaultFactory", "newNSInstance", "newDefaultNSInstance"};

    static final HotSpotCallProbe XML_FACTORIES = new HotSpotCallProbe("xml-factories", HotSpotKind.FACTORY_CREATE,
            namedOneOf("javax.xml.stream.XMLInputFactory", "javax.xml.stream.XMLOutputFactory",
                    "javax.xml.parsers.DocumentBuilderFactory", "javax.xml.parsers.SAXParserFactory",
                    "javax.xml.transform.TransformerFactory"),
            isStatic().and(namedOneOf(FACTORY_METHODS)));
    static final HotSpotCallProbe JAXB = new HotSpotCallProbe("jaxb", HotSpotKind.FACTORY_CREATE,
            namedOneOf("javax.xml.bind.JAXBContext", "jakarta.xml.bind.JAXBContext"),
            isStatic().and(named("newInstance")));
    static final HotSpotCallProbe SAAJ = new HotSpotCallProbe("saaj", HotSpotKind.FACTORY_CREATE,
            namedOneOf("javax.xml.soap.MessageFactory", "javax.xml.soap.SOAPFactory",
                    "jakarta.xml.soap.MessageFactory", "jakarta.xml.soap.SOAPFactory"),
            isStatic().and(named("newInstance")));
    static final HotSpotCallProbe REGEX = new HotSpotCallProbe("regex", HotSpotKind.REGEX_COMPILE,
            named("java.util.regex.Pattern"), isStatic().and(named("compile")));
    static final HotSpotCallProbe UUID = new HotSpotCallProbe("uuid", HotSpotKind.UUID_RANDOM,
            named("java.util.UUID"), isStatic().and(named("randomUUID")));
    static final HotSpotCallProbe KEYSTORE = new HotSpotCallProbe("keystore", HotSpotKind.CRYPTO_LOAD,
            named("java.security.KeyStore"), not(isStatic()).and(named("load")));

    private final String name;
    private final HotSpotKind kind;
    private final ElementMatcher.Junction<TypeDescription> types;
    private final ElementMatcher.Junction<MethodDescription> methods;

    private HotSpotCallProbe(String name, HotSpotKind kind, ElementMatcher.Junction<TypeDescription> types,
                             ElementMatcher.Junction<MethodDescription> methods) {
        this.name = name;
        this.kind = kind;
        this.types = types;
        this.methods = methods;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return types;
    }

    @Override
    public AgentBuilder.Transformer transformer() {
        return Advices.with(Advice.withCustomMapping().bind(Kind.class, kind.ordinal()))
                .advice(methods.and(not(isAbstract())), Advices.nested(HotSpotCallProbe.class, "Call"));
    }

    /** Bound to the probe's {@link HotSpotKind} ordinal, a constant in the inlined code. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Kind {
    }

    static final class Call {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Kind int kind) {
            Recorder.callStart(kind);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Kind int kind, @Advice.Origin("#t.#m") String site) {
            Recorder.callEnd(kind, site);
        }
    }
}
