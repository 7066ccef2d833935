package dev.soapscope.agent.probe;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;
import dev.soapscope.recorder.Naming;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.security.ProtectionDomain;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;

/**
 * Metro (JAX-WS RI) 2.3 (javax) and 4.0 (jakarta), which keep their own classes in {@code com.sun.xml.ws} in both.
 * The HTTP adapter turns the request into a {@code Packet} ({@code decodePacket}: headers and the codec's decode)
 * and the response packet into the HTTP response ({@code encodePacket}); the codecs themselves do the same for any
 * other transport and for a service's own client calls. The message is read lazily: most of the parse happens when
 * the databinding reads the arguments, through Metro's JAXB bridges ({@code XMLBridge}, not a JAXB
 * {@code Unmarshaller}), and the response is marshalled through a bridge while the codec writes it, so those
 * phases nest and each keeps its own self time. Between the stages, the servlet's dispatch, the HTTP adapter and the
 * fiber running the tube line are Metro's own pipeline: {@code handlers}. The operation is the WSDL operation Metro
 * dispatched the packet to, known when the invoker runs, whatever SOAPAction the client sent.
 */
final class MetroProbes implements Probe {
    static final MetroProbes METRO = new MetroProbes();

    private static final String CODEC = "com.sun.xml.ws.api.pipe.Codec";
    private static final String INVOKER = "com.sun.xml.ws.server.sei.Invoker";
    private static final String PACKET = "com.sun.xml.ws.api.message.Packet";
    private static final String PROVIDER_ARGUMENTS = "com.sun.xml.ws.server.provider.ProviderArgumentsBuilder";

    private static final StackProbe STAGES = new StackProbe("metro",
            // the pipeline around the stages: the servlet's look-up of the endpoint by path, the adapter's pooled
            // toolkit and packet set-up, the fiber running the tube line, and the tubes other than the invoker
            // (mustUnderstand checks, addressing, handler tubes); what they call that is a stage keeps its phase
            Rule.phase(named("com.sun.xml.ws.transport.http.servlet.WSServletDelegate"),
                    namedOneOf("doGet", "doPost", "doPut", "doDelete"), Phase.HANDLERS),
            Rule.phase(namedOneOf("com.sun.xml.ws.transport.http.HttpAdapter",
                    "com.sun.xml.ws.transport.http.HttpAdapter$HttpToolkit"),
                    namedOneOf("handle", "invokeAsync"), Phase.HANDLERS),
            // the envelope and its headers, read when a tube first asks for them (ServerMUTube does)
            Rule.phase(named("com.sun.xml.ws.message.stream.StreamMessage"), named("readEnvelope"), Phase.SOAP_PARSE),
            Rule.phase(named("com.sun.xml.ws.transport.http.HttpAdapter"), named("decodePacket"), Phase.SOAP_PARSE),
            Rule.phase(named("com.sun.xml.ws.transport.http.HttpAdapter"), named("encodePacket"), Phase.SOAP_SERIALIZE),
            Rule.phase(Rule.below(CODEC), named("decode"), Phase.SOAP_PARSE),
            Rule.phase(Rule.below(CODEC), named("encode"), Phase.SOAP_SERIALIZE),
            // the packet to the Java call (dispatch, reading the arguments) and the call's result to the response
            Rule.phase(named("com.sun.xml.ws.db.DatabindingImpl"),
                    namedOneOf("deserializeRequest", "deserializeResponse"), Phase.UNMARSHAL),
            Rule.phase(named("com.sun.xml.ws.db.DatabindingImpl"),
                    namedOneOf("serializeRequest", "serializeResponse"), Phase.MARSHAL),
            // a Provider endpoint's argument (Source, SOAPMessage, Message) from the packet, its result to the response
            Rule.phase(Rule.below(PROVIDER_ARGUMENTS), named("getParameter"), Phase.UNMARSHAL),
            Rule.phase(Rule.below(PROVIDER_ARGUMENTS), namedOneOf("getResponse", "getResponseMessage"), Phase.MARSHAL),
            Rule.phase(Rule.below("com.sun.xml.ws.spi.db.XMLBridge"), named("unmarshal"), Phase.UNMARSHAL),
            Rule.phase(Rule.below("com.sun.xml.ws.spi.db.XMLBridge"), named("marshal"), Phase.MARSHAL),
            // the invoker tube: the Java call from the packet and the response packet around it
            Rule.phase(Rule.below("com.sun.xml.ws.server.sei.InvokerTube"), named("processRequest"), Phase.INVOKE),
            Rule.phase(Rule.below(INVOKER), namedOneOf("invoke", "invokeProvider", "invokeAsyncProvider"), Phase.INVOKE))
            .loadedBy(SeesType.anyOf(CODEC)).seenAs(Stack.METRO);

    private MetroProbes() {
    }

    @Override
    public String name() {
        return "metro";
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return STAGES.loaders();
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return STAGES.types();
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public Weaving weaving() {
        final Weaving stages = STAGES.weaving();
        final Weaving naming = Advices.plain()
                .advice(namedOneOf("invoke", "invokeProvider", "invokeAsyncProvider")
                                .and(takesArgument(0, named(PACKET)))
                                .and(not(isBridge())).and(not(isAbstract())).and(isDeclaredBy(Rule.below(INVOKER))),
                        Advices.nested(MetroProbes.class, "NameFromWsdlOperation"));
        return new Weaving() {
            @Override
            public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
                stages.adviceFor(type, method, into);
                naming.adviceFor(type, method, into);
            }

            @Override
            public List<ElementMatcher<? super MethodDescription>> methodMatchers() {
                return Weaving.methodMatchersOf(stages, naming);
            }

            @Override
            public void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
                stages.woven(type, loader, domain);
            }
        };
    }

    /**
     * The WSDL operation the packet was dispatched to, as {@code {namespace}name}. {@code Packet} and this method
     * are the same in 2.3 and 4.0; null for a provider endpoint without a WSDL, which keeps the name it had.
     */
    static final class NameFromWsdlOperation {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object packet) {
            javax.xml.namespace.QName operation = ((com.sun.xml.ws.api.message.Packet) packet).getWSDLOperation();
            if (operation != null) {
                Naming.nameRequest(NameSource.DISPATCH, operation.toString());
            }
        }
    }
}
