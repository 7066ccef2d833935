package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.io.InputStream;
import java.io.OutputStream;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Where each SOAP stack's stages live (see shared/FACTS.md), as phases, conversions and the operation name.
 * A stage nested in another (serialize inside send, socket reads inside unmarshal) gets its own self time.
 */
final class SoapStacks {
    /**
     * Spring-WS 4.1 and 5: parse, endpoint lookup, argument binding, invocation, return binding, serialize, send, and
     * between them the dispatcher's own chain: the connection handling around the receiver, the interceptor loop,
     * adapter and argument-resolver selection, fault checks (11-13% of request CPU on Spring's echo sample).
     */
    static final StackProbe SPRING_WS = new StackProbe("spring-ws",
            Rule.phase(named("org.springframework.ws.transport.support.WebServiceMessageReceiverObjectSupport"),
                    named("handleConnection"), Phase.HANDLERS),
            Rule.phase(Rule.below("org.springframework.ws.server.MessageDispatcher"),
                    namedOneOf("receive", "dispatch").and(takesArguments(1)), Phase.HANDLERS),
            Rule.phase(Rule.below("org.springframework.ws.WebServiceMessageFactory"),
                    named("createWebServiceMessage").and(takesArguments(1)).and(takesArgument(0, type(InputStream.class))),
                    Phase.SOAP_PARSE),
            // finding the endpoint reads the payload's root element (with Axiom caching: builds the tree)
            Rule.phase(Rule.below("org.springframework.ws.server.EndpointMapping"), named("getEndpoint"), Phase.SOAP_PARSE),
            // the payload root's qualified name, as the payload-root mappings compute it
            Rule.operationName(Rule.below("org.springframework.ws.server.endpoint.mapping.AbstractEndpointMapping"),
                    named("getLookupKeyForMessage").and(returns(named("javax.xml.namespace.QName")))),
            Rule.phase(Rule.below("org.springframework.ws.server.endpoint.adapter.method.MethodArgumentResolver"),
                    named("resolveArgument"), Phase.UNMARSHAL),
            Rule.phase(named("org.springframework.ws.server.endpoint.MethodEndpoint"), named("invoke"), Phase.INVOKE),
            Rule.phase(Rule.below("org.springframework.ws.server.endpoint.adapter.method.MethodReturnValueHandler"),
                    named("handleReturnValue"), Phase.MARSHAL),
            Rule.phase(Rule.below("org.springframework.ws.WebServiceMessage"),
                    named("writeTo").and(takesArguments(1)).and(takesArgument(0, type(OutputStream.class))),
                    Phase.SOAP_SERIALIZE),
            Rule.phase(named("org.springframework.ws.transport.AbstractWebServiceConnection"), named("send"),
                    Phase.TRANSPORT_WRITE),
            // Axiom with payload caching on reads the payload through a tree it builds and keeps
            Rule.hotspot(named("org.springframework.ws.soap.axiom.CachingPayload"), named("getStreamReader"),
                    HotSpotKind.PAYLOAD_CACHED, "Spring-WS Axiom CachingPayload"))
            .loadedBy(SeesType.anyOf("org.springframework.ws.WebServiceMessage")).seenAs(Stack.SPRING_WS);

    /** SAAJ RI 3: the envelope is parsed lazily from the part's source, and written back out on save. */
    static final StackProbe SAAJ = new StackProbe("saaj",
            Rule.phase(named("com.sun.xml.messaging.saaj.soap.EnvelopeFactory"), isStatic().and(named("createEnvelope")),
                    Phase.SOAP_PARSE),
            Rule.hotspot(named("com.sun.xml.messaging.saaj.soap.EnvelopeFactory"), isStatic().and(named("createEnvelope")),
                    HotSpotKind.SOAP_CONVERSION, "stream -> envelope (SAAJ EnvelopeFactory.createEnvelope)"),
            Rule.phase(named("com.sun.xml.messaging.saaj.soap.MessageImpl"),
                    namedOneOf("saveChanges", "writeTo"), Phase.SOAP_SERIALIZE),
            // a message made from received bytes (a SOAPConnection's answer): its MIME headers and parts read
            Rule.phase(Rule.below("com.sun.xml.messaging.saaj.soap.MessageFactoryImpl"),
                    named("createMessage").and(takesArguments(2)), Phase.SOAP_PARSE),
            Rule.phase(named("com.sun.xml.messaging.saaj.soap.SOAPPartImpl"), named("getContentAsStream"),
                    Phase.SOAP_SERIALIZE),
            Rule.hotspot(named("com.sun.xml.messaging.saaj.soap.SOAPPartImpl"), named("getContentAsStream"),
                    HotSpotKind.SOAP_CONVERSION, "envelope -> stream (SAAJ SOAPPartImpl.getContentAsStream)"),
            Rule.hotspot(Rule.below("com.sun.xml.messaging.saaj.soap.impl.EnvelopeImpl"),
                    named("output").and(takesArgument(0, type(OutputStream.class))),
                    HotSpotKind.SOAP_CONVERSION, "envelope -> bytes (SAAJ EnvelopeImpl.output)"))
            .loadedBy(SeesType.anyOf("com.sun.xml.messaging.saaj.soap.SOAPPartImpl")).seenAs(Stack.SAAJ);

    /**
     * Axiom 1.3's (Axis2 1.8's) and 1.2's containers: each declares its own {@code serialize(OutputStream...)}, where
     * Axiom 2 has one {@code AxiomContainerImpl}.
     */
    private static final ElementMatcher.Junction<TypeDescription> AXIOM1_CONTAINERS = namedOneOf(
            "org.apache.axiom.om.impl.llom.OMDocumentImpl", "org.apache.axiom.om.impl.llom.OMElementImpl",
            "org.apache.axiom.om.impl.llom.OMNodeImpl", "org.apache.axiom.om.impl.llom.OMSerializableImpl");

    /** Axiom 1.2 to 2: building the object model from a stream (deferred), and serializing it. */
    static final StackProbe AXIOM = new StackProbe("axiom",
            Rule.phase(named("org.apache.axiom.om.OMXMLBuilderFactory"), isStatic().and(named("createSOAPModelBuilder")),
                    Phase.SOAP_PARSE),
            Rule.hotspot(named("org.apache.axiom.om.OMXMLBuilderFactory"),
                    isStatic().and(named("createSOAPModelBuilder")).and(takesArgument(0, type(InputStream.class))
                            .or(takesArgument(1, type(InputStream.class)))),
                    HotSpotKind.SOAP_CONVERSION, "stream -> envelope (Axiom createSOAPModelBuilder)"),
            Rule.phase(named("org.apache.axiom.om.impl.llom.AxiomContainerImpl"),
                    named("serialize").and(takesArgument(0, type(OutputStream.class))), Phase.SOAP_SERIALIZE),
            Rule.hotspot(named("org.apache.axiom.om.impl.llom.AxiomContainerImpl"),
                    named("serialize").or(named("serializeAndConsume")).and(takesArgument(0, type(OutputStream.class))),
                    HotSpotKind.SOAP_CONVERSION, "envelope -> bytes (Axiom serialize)"),
            Rule.phase(AXIOM1_CONTAINERS, named("serialize").and(takesArgument(0, type(OutputStream.class))),
                    Phase.SOAP_SERIALIZE),
            Rule.hotspot(AXIOM1_CONTAINERS,
                    named("serialize").or(named("serializeAndConsume")).and(takesArgument(0, type(OutputStream.class))),
                    HotSpotKind.SOAP_CONVERSION, "envelope -> bytes (Axiom serialize)"))
            .loadedBy(SeesType.anyOf("org.apache.axiom.om.OMXMLBuilderFactory")).seenAs(Stack.AXIOM);

    /** JAXB (javax and jakarta): the binding itself, wherever a stack calls it. */
    static final StackProbe JAXB = new StackProbe("jaxb",
            Rule.phase(Rule.below("jakarta.xml.bind.Unmarshaller").or(Rule.below("javax.xml.bind.Unmarshaller")),
                    named("unmarshal"), Phase.UNMARSHAL),
            Rule.phase(Rule.below("jakarta.xml.bind.Marshaller").or(Rule.below("javax.xml.bind.Marshaller")),
                    named("marshal"), Phase.MARSHAL))
            .loadedBy(SeesType.anyOf("jakarta.xml.bind.Unmarshaller", "javax.xml.bind.Unmarshaller")).seenAs(Stack.JAXB);

    private SoapStacks() {
    }
}
