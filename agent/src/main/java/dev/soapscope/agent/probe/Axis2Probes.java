package dev.soapscope.agent.probe;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;
import dev.soapscope.recorder.PhaseDetails;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.security.ProtectionDomain;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Apache Axis2 1.7 / 1.8 (javax) and 2.0 (jakarta; some classes moved to {@code org.apache.axis2.kernel}). A request
 * goes {@code AxisServlet} -> {@code TransportUtils.createSOAPMessage} (a message builder: {@code soap.parse}) -> the
 * in-flow's phases, each a {@code Phase} of handlers -> the operation's message receiver ({@code invoke}), which
 * reads the arguments ({@code RPCUtil.processRequest}, or the generated receiver's {@code fromOM}: {@code unmarshal}),
 * calls the service, builds the response ({@code marshal}) and sends it through the out-flow's phases to the transport
 * sender ({@code transport.write}) and its message formatter ({@code soap.serialize}); an ADB response bean is written
 * by its {@code serialize} only then ({@code marshal} inside {@code soap.serialize}).
 * The servlet's own dispatch around it, the engine's loop over the phases and each Axis2 phase that has handlers (its
 * name kept as a detail) are {@code handlers}, except the Security phase: {@code security}. Axiom builds the tree
 * lazily, so parsing also shows where the body is first read: the engine's fault check on the received message.
 * The operation as Axis2 dispatched it names the request ({@code Version.getVersion}), read once the Dispatch phase
 * has checked that it found both: it outranks the client's SOAPAction, which Axis2 may have dispatched on or ignored.
 */
final class Axis2Probes implements Probe {
    static final Axis2Probes AXIS2 = new Axis2Probes();

    private static final String PHASE = "org.apache.axis2.engine.Phase";
    private static final String DISPATCH_PHASE = "org.apache.axis2.engine.DispatchPhase";
    private static final String MESSAGE_CONTEXT = "org.apache.axis2.context.MessageContext";
    private static final String AXIS_SERVLET = "org.apache.axis2.transport.http.AxisServlet";
    private static final String ADB_BEAN = "org.apache.axis2.databinding.ADBBean";

    /** axis2.xml's phases (in and out flows, faults included): the chain's own work, {@code handlers}. */
    private static final String[] HANDLER_PHASES = {"Transport", "Addressing", "PreDispatch", "Dispatch", "RMPhase",
        "OperationInPhase", "OperationInFaultPhase", "soapmonitorPhase", "OperationOutPhase", "OperationOutFaultPhase",
        "PolicyDetermination", "MessageOut"};
    private static final String SECURITY_PHASE = "Security";

    /** The out-flow's last handler: picks the formatter, sets the headers and writes (the formatter nested). */
    private static final ElementMatcher.Junction<TypeDescription> TRANSPORT_SENDERS =
            Rule.below("org.apache.axis2.transport.TransportSender")
                    .or(Rule.below("org.apache.axis2.kernel.TransportSender"));

    private static final StackProbe STAGES = new StackProbe("axis2",
            // the servlet's own dispatch: building the message context from the HTTP request, wrapping the streams,
            // handing the message to the engine, cleaning up after it (the stages it calls keep their phases)
            Rule.phase(named(AXIS_SERVLET), named("doPost").and(takesArguments(2)), Phase.HANDLERS),
            // closing the request's Axiom builder releases its StAX parser
            Rule.phase(named(AXIS_SERVLET), named("closeStaxBuilder"), Phase.SOAP_PARSE),
            // the engine driving the chain: choosing and copying the in-flow, the loop over the phases (each phase
            // nested under its own name), the mustUnderstand check after them and the handlers' flowComplete
            // callbacks at the end
            Rule.phase(named("org.apache.axis2.engine.AxisEngine"),
                    isStatic().and(namedOneOf("receive", "invoke", "flowComplete", "checkMustUnderstand")),
                    Phase.HANDLERS),
            Rule.phase(namedOneOf("org.apache.axis2.transport.TransportUtils", "org.apache.axis2.kernel.TransportUtils"),
                    isStatic().and(namedOneOf("createSOAPMessage", "createDocumentElement")), Phase.SOAP_PARSE),
            Rule.phase(Rule.below("org.apache.axis2.builder.Builder"), named("processDocument"), Phase.SOAP_PARSE),
            Rule.phase(Rule.below("org.apache.axis2.receivers.AbstractMessageReceiver"),
                    namedOneOf("receive", "invokeBusinessLogic"), Phase.INVOKE),
            // RPC and POJO services: the arguments from the body element, the return value into the response
            Rule.phase(named("org.apache.axis2.rpc.receivers.RPCUtil"), isStatic().and(named("processRequest")),
                    Phase.UNMARSHAL),
            Rule.phase(named("org.apache.axis2.rpc.receivers.RPCUtil"), isStatic().and(namedOneOf("processResponse",
                    "processResponseAsDocLitWrapped", "processResonseAsDocLitBare", "processObjectAsDocLitBare")),
                    Phase.MARSHAL),
            // code generated by wsdl2java (ADB, XMLBeans, JiBX, JAXB-RI and none alike): the operation's message
            // receiver reads the request into the binding's objects (fromOM) and builds the response from its result
            // (toOM, toEnvelope)
            Rule.phase(Rule.below("org.apache.axis2.receivers.AbstractMessageReceiver"), named("fromOM"),
                    Phase.UNMARSHAL),
            Rule.phase(Rule.below("org.apache.axis2.receivers.AbstractMessageReceiver"),
                    namedOneOf("toOM", "toEnvelope"), Phase.MARSHAL),
            // an ADB bean is written out only as the formatter writes the response (ADBDataSource), nested in
            // soap.serialize, as Metro's JAXB bridges are
            Rule.phase(Rule.below(ADB_BEAN), named("serialize"), Phase.MARSHAL),
            Rule.phase(Rule.below("org.apache.axis2.transport.MessageFormatter")
                            .or(Rule.below("org.apache.axis2.kernel.MessageFormatter")),
                    named("writeTo"), Phase.SOAP_SERIALIZE))
            .loadedBy(SeesType.anyOf(PHASE)).seenAs(Stack.AXIS2);

    private Axis2Probes() {
    }

    @Override
    public String name() {
        return "axis2";
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return STAGES.loaders();
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return named(PHASE).or(named(DISPATCH_PHASE)).or(named(MESSAGE_CONTEXT)).or(TRANSPORT_SENDERS)
                .or(STAGES.types());
    }

    @Override
    public void prepare() {
        for (boolean outbound : new boolean[] {false, true}) {
            for (String name : HANDLER_PHASES) {
                PhaseDetails.define(name, outbound, Phase.HANDLERS);
            }
            PhaseDetails.define(SECURITY_PHASE, outbound, Phase.SECURITY);
        }
    }

    @Override
    public Weaving weaving() {
        final Weaving stages = STAGES.weaving();
        final Weaving phases = Advices.plain()
                .advice(named("invoke").and(takesArguments(1)), Advices.nested(Axis2Probes.class, "InAxis2Phase"));
        final Weaving dispatch = Advices.plain()
                .advice(named("checkPostConditions").and(takesArguments(1)),
                        Advices.nested(Axis2Probes.class, "NameFromDispatch"));
        final Weaving faultCheck = Advices.plain()
                .advice(named("isFault").and(takesArguments(0)), Advices.nested(Axis2Probes.class, "FaultCheckParses"));
        final Weaving send = Advices.plain()
                .advice(named("invoke").and(takesArguments(1)).and(not(isAbstract())).and(isDeclaredBy(TRANSPORT_SENDERS)),
                        Advices.nested(Axis2Probes.class, "ServerSend"));
        return new Weaving() {
            @Override
            public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
                stages.adviceFor(type, method, into);
                send.adviceFor(type, method, into);
                if (type.getName().equals(PHASE)) {
                    phases.adviceFor(type, method, into);
                } else if (type.getName().equals(DISPATCH_PHASE)) {
                    dispatch.adviceFor(type, method, into);
                } else if (type.getName().equals(MESSAGE_CONTEXT)) {
                    faultCheck.adviceFor(type, method, into);
                }
            }

            @Override
            public List<ElementMatcher<? super MethodDescription>> methodMatchers() {
                return Weaving.methodMatchersOf(stages, send, phases, dispatch, faultCheck);
            }

            @Override
            public void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
                stages.woven(type, loader, domain);
            }
        };
    }

    /**
     * One Axis2 phase ({@code Phase#invoke} is final: every phase passes here), entered under its own name for the
     * flow it runs in. A phase with no handlers does nothing and is not entered: an empty Security phase is no
     * security work.
     */
    static final class InAxis2Phase {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object phase, @Advice.Argument(0) Object message) {
            org.apache.axis2.engine.Phase p = (org.apache.axis2.engine.Phase) phase;
            if (p.getHandlerCount() == 0) {
                return -1;
            }
            int flow = ((org.apache.axis2.context.MessageContext) message).getFLOW();
            return Recorder.enterDetail(p.getPhaseName(),
                    flow == org.apache.axis2.context.MessageContext.OUT_FLOW
                            || flow == org.apache.axis2.context.MessageContext.OUT_FAULT_FLOW);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int entry) {
            Recorder.exitEntry(entry);
        }
    }

    /**
     * Whether a received message is a fault: Axiom has read only the envelope's start when the engine asks, so
     * answering builds the header and the start of the body from the stream: {@code soap.parse}. A message on its way
     * out is already a tree, and asking costs nothing worth a phase.
     */
    static final class FaultCheckParses {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object message) {
            int flow = ((org.apache.axis2.context.MessageContext) message).getFLOW();
            if (flow == org.apache.axis2.context.MessageContext.IN_FLOW
                    || flow == org.apache.axis2.context.MessageContext.IN_FAULT_FLOW) {
                Recorder.enter(Phase.SOAP_PARSE);
                return true;
            }
            return false;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean entered) {
            if (entered) {
                Recorder.exit(Phase.SOAP_PARSE);
            }
        }
    }

    /**
     * The response sent by the transport sender: {@code transport.write}. Only on the server side: a client's sender
     * (an Axis2 {@code ServiceClient} called while serving a request) also waits for the remote service's answer.
     */
    static final class ServerSend {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.Argument(0) Object message) {
            if (((org.apache.axis2.context.MessageContext) message).isServerSide()) {
                Recorder.enter(Phase.TRANSPORT_WRITE);
                return true;
            }
            return false;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean entered) {
            if (entered) {
                Recorder.exit(Phase.TRANSPORT_WRITE);
            }
        }
    }

    /**
     * Service and operation once Dispatch has found both (it throws when it has not): {@code Version.getVersion}. Only
     * on the server side: a client's answer runs the same in-flow, and a client's service name is made unique per
     * {@code ServiceClient} or stub ({@code anonService}, a counter), which would rename the call and fill the table.
     */
    static final class NameFromDispatch {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object message) {
            org.apache.axis2.context.MessageContext m = (org.apache.axis2.context.MessageContext) message;
            if (!m.isServerSide()) {
                return;
            }
            org.apache.axis2.description.AxisService service = m.getAxisService();
            org.apache.axis2.description.AxisOperation operation = m.getAxisOperation();
            if (service != null && operation != null && operation.getName() != null) {
                Naming.nameRequest(NameSource.DISPATCH, service.getName() + "." + operation.getName().getLocalPart());
            }
        }
    }
}
