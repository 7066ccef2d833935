package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Naming;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.io.OutputStream;
import java.security.ProtectionDomain;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.isPrivate;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Apache Axis 1.4 (javax). {@code org.apache.axis.SOAPPart} holds a message in one form at a time (string, stream,
 * envelope, bytes...) and converts on demand; every form change goes through its private
 * {@code setCurrentForm(Object, int)}, so each call there is one {@code soap.conversion} with its path as the detail.
 * Axis's stages get their phases: the SAX parse, the lazy deserialization of the RPC arguments, the service call, the
 * output of the RPC element (beans to XML) and of the envelope around it.
 *
 * <p>The advice reads Axis only through field values and JDK types: the agent is not compiled against Axis.
 */
final class Axis1Probes implements Probe {
    static final Axis1Probes AXIS1 = new Axis1Probes();

    private static final String SOAP_PART = "org.apache.axis.SOAPPart";
    private static final String SOAP_SERVICE = "org.apache.axis.handlers.soap.SOAPService";

    private static final StackProbe STAGES = new StackProbe("axis1",
            Rule.phase(named("org.apache.axis.encoding.DeserializationContext"),
                    named("parse").and(takesArguments(0)), Phase.SOAP_PARSE),
            // RPC arguments are recorded as SAX events while parsing and deserialized on first getParams()
            Rule.phase(named("org.apache.axis.message.RPCElement"), named("deserialize").and(takesArguments(0)),
                    Phase.UNMARSHAL),
            Rule.phase(Rule.below("org.apache.axis.providers.java.RPCProvider"), named("invokeMethod"), Phase.INVOKE),
            // the response's RPC element writes the return value through Axis's serializers (BeanSerializer...)
            Rule.phase(named("org.apache.axis.message.RPCElement"), named("outputImpl"), Phase.MARSHAL),
            Rule.phase(named("org.apache.axis.message.SOAPEnvelope"), named("outputImpl"), Phase.SOAP_SERIALIZE),
            Rule.phase(named(SOAP_PART).or(named("org.apache.axis.Message")),
                    named("writeTo").and(takesArguments(1)).and(takesArgument(0, type(OutputStream.class))),
                    Phase.SOAP_SERIALIZE))
            .loadedBy(SeesType.anyOf(SOAP_PART)).seenAs(Stack.AXIS1);

    private Axis1Probes() {
    }

    @Override
    public String name() {
        return "axis1";
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return STAGES.loaders();
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return named(SOAP_PART).or(named(SOAP_SERVICE)).or(STAGES.types());
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public Weaving weaving() {
        final Weaving stages = STAGES.weaving();
        final Weaving own = Advices.plain()
                .advice(isPrivate().and(named("setCurrentForm")).and(takesArguments(2))
                                .and(takesArgument(0, type(Object.class))).and(takesArgument(1, type(int.class))),
                        Advices.nested(Axis1Probes.class, "FormChange"))
                .advice(named("invoke").and(takesArguments(1))
                                .and(takesArgument(0, named("org.apache.axis.MessageContext"))),
                        Advices.nested(Axis1Probes.class, "NameFromService"));
        return new Weaving() {
            @Override
            public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
                stages.adviceFor(type, method, into);
                if (type.getName().equals(SOAP_PART) || type.getName().equals(SOAP_SERVICE)) {
                    own.adviceFor(type, method, into);
                }
            }

            @Override
            public List<ElementMatcher<? super MethodDescription>> methodMatchers() {
                return Weaving.methodMatchersOf(stages, own);
            }

            @Override
            public void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
                stages.woven(type, loader, domain);
            }
        };
    }


    /**
     * One form change: the form held before (the {@code currentForm} field) to the one asked for (the argument). The
     * first form, set by the constructor, is no conversion (the field is still 0); neither is setting the same form.
     * Replacing the content (public {@code setCurrentMessage}: a handler setting a new envelope) passes here too and
     * counts, since the message ends up in another form. The form numbers are SOAPPart's FORM_* constants of 1.4.
     */
    static final class FormChange {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("currentForm") int from, @Advice.Argument(1) int to) {
            if (from == 0 || from == to) {
                return;
            }
            String path;
            switch (from * 8 + to) {
                case 2 * 8 + 4: path = "stream -> bytes (Axis SOAPPart)"; break;
                case 2 * 8 + 3: path = "stream -> envelope (Axis SOAPPart)"; break;
                case 5 * 8 + 3: path = "body stream -> envelope (Axis SOAPPart)"; break;
                case 4 * 8 + 1: path = "bytes -> string (Axis SOAPPart)"; break;
                case 4 * 8 + 3: path = "bytes -> envelope (Axis SOAPPart)"; break;
                case 1 * 8 + 3: path = "string -> envelope (Axis SOAPPart)"; break;
                case 1 * 8 + 4: path = "string -> bytes (Axis SOAPPart)"; break;
                case 3 * 8 + 1: path = "envelope -> string (Axis SOAPPart)"; break;
                case 3 * 8 + 4: path = "envelope -> bytes (Axis SOAPPart)"; break;
                case 3 * 8 + 7: path = "envelope -> byte buffer (Axis SOAPPart)"; break;
                case 7 * 8 + 1: path = "byte buffer -> string (Axis SOAPPart)"; break;
                case 6 * 8 + 1: path = "fault -> string (Axis SOAPPart)"; break;
                case 6 * 8 + 4: path = "fault -> bytes (Axis SOAPPart)"; break;
                case 6 * 8 + 7: path = "fault -> byte buffer (Axis SOAPPart)"; break;
                case 3 * 8 + 6: path = "envelope -> fault (Axis SOAPPart)"; break;
                default: path = "other form change (Axis SOAPPart)"; break;
            }
            HotSpots.hotspot(HotSpotKind.SOAP_CONVERSION, path);
        }
    }

    /**
     * The deployed service's name ({@code BasicHandler.name}: {@code plain} in {@code /services/plain}) names the
     * request unless a SOAPAction did. Not the operation: reading it needs Axis types the agent is not compiled with.
     */
    static final class NameFromService {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("name") String service) {
            if (service != null) {
                Naming.nameRequest(NameSource.STACK, service);
            }
        }
    }
}
