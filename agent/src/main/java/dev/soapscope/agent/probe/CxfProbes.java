package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.LateReads;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;
import dev.soapscope.recorder.PhaseDetails;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBootstrapClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Apache CXF (3 and 4): every interceptor's {@code handleMessage} is timed in the soapscope phase its CXF phase
 * maps to, with the CXF phase kept as a detail; the data binding, the service call and attachment handling get
 * their phases directly. CXF runs the out chain inside the in chain, so the recorder's self times matter here.
 */
final class CxfProbes {
    /** CXF phase names of the inbound chain and where their time goes. */
    private static final Object[][] INBOUND = {
        // receive holds WS-Policy's assertions and the attachments' set-up, not only attachments: the MIME parts'
        // own reading is timed below it as attachments (AttachmentDeserializer), the rest is the chain's routing
        {Phase.HANDLERS, "receive"},
        {Phase.SOAP_PARSE, "pre-stream", "user-stream", "post-stream", "read"},
        {Phase.SECURITY, "pre-protocol", "pre-protocol-frontend", "user-protocol", "post-protocol"},
        {Phase.UNMARSHAL, "unmarshal"},
        // JAX-WS logical handlers, wrapper unpacking, one-way hand-off: the chain routing the message
        {Phase.HANDLERS, "pre-logical", "user-logical", "post-logical"},
        {Phase.INVOKE, "pre-invoke", "invoke", "post-invoke"},
    };
    /** The outbound chain's phases, which reuse some inbound names with another meaning. */
    private static final Object[][] OUTBOUND = {
        // policy, the out chain's own set-up, logical handlers
        {Phase.HANDLERS, "setup", "setup-ending", "pre-logical", "pre-logical-ending", "user-logical",
            "user-logical-ending", "post-logical", "post-logical-ending"},
        {Phase.TRANSPORT_WRITE, "prepare-send", "prepare-send-ending", "send", "send-ending"},
        {Phase.SOAP_SERIALIZE, "pre-stream", "pre-stream-ending", "user-stream", "user-stream-ending", "post-stream",
            "post-stream-ending", "write", "write-ending"},
        {Phase.SECURITY, "pre-protocol", "pre-protocol-ending", "pre-protocol-frontend", "user-protocol",
            "user-protocol-ending", "post-protocol", "post-protocol-ending"},
        {Phase.MARSHAL, "pre-marshal", "marshal", "marshal-ending"},
    };

    private static final String PHASE_INTERCEPTOR = "org.apache.cxf.phase.PhaseInterceptor";
    private static final String DESERIALIZER = "org.apache.cxf.attachment.AttachmentDeserializer";
    /** The stream an attachment's {@code DataHandler} hands out, over the MIME part: its field {@code deserializer}. */
    private static final String ATTACHMENT_STREAM = "org.apache.cxf.attachment.DelegatingInputStream";
    /** Hands a one-way call's chain to CXF's executor: the invocation, and its naming, run off the request thread. */
    private static final String ONE_WAY = "org.apache.cxf.interceptor.OneWayProcessorInterceptor";

    static final Probe INTERCEPTORS = new Interceptors();

    /**
     * Stages below the interceptors: binding, invocation, attachments, and the reads that parse MIME headers. Above
     * them, CXF's servlet finding the destination, building the message and exchange and the interceptor chain
     * (about 10% of a sample's request CPU) is {@code handlers}; the phases nested in it keep their own time.
     */
    static final StackProbe STAGES = new StackProbe("cxf",
            Rule.phase(named("org.apache.cxf.transport.servlet.AbstractHTTPServlet"),
                    named("handleRequest").and(takesArguments(2)), Phase.HANDLERS),
            Rule.phase(Rule.below("org.apache.cxf.databinding.DataReader"), named("read"), Phase.UNMARSHAL),
            Rule.phase(Rule.below("org.apache.cxf.databinding.DataWriter"), named("write"), Phase.MARSHAL),
            Rule.phase(Rule.below("org.apache.cxf.service.invoker.AbstractInvoker"), named("performInvocation"), Phase.INVOKE),
            Rule.phase(named(DESERIALIZER), named("initializeAttachments"), Phase.ATTACHMENTS),
            // a client reads an MTOM answer's parts when the application reads them, after the call returned: the
            // call's own reads then (LateReads), the deserializer made in the call keeping it
            Rule.advised(named(DESERIALIZER), namedOneOf("readNext", "hasNext").and(takesArguments(0)),
                    CxfProbes.class, "NextPart"),
            Rule.advised(named(DESERIALIZER), isConstructor(), LateReadProbes.class, "MadeInCall"),
            Rule.advised(named(ATTACHMENT_STREAM), named("read"), CxfProbes.class, "AttachmentRead"),
            Rule.advised(named(ATTACHMENT_STREAM), namedOneOf("close", "transferTo"), CxfProbes.class, "AttachmentDone"),
            Rule.phase(named("org.apache.cxf.attachment.AttachmentSerializer"),
                    namedOneOf("writeProlog", "writeAttachments"), Phase.ATTACHMENTS),
            Rule.phase(named("org.apache.cxf.attachment.AttachmentDeserializerUtil"),
                    isStatic().and(namedOneOf("readTillFirstBoundary", "loadPartHeaders")), Phase.ATTACHMENTS),
            // those two read MIME boundaries and part headers a byte at a time from a PushbackInputStream
            Rule.singleByteReadIn(named("java.io.PushbackInputStream"), named("read").and(takesArguments(0)),
                    Phase.ATTACHMENTS, "CXF MIME boundary and headers: PushbackInputStream.read()")
                    .loadedBy(isBootstrapClassLoader()),
            Rule.hotspot(named("org.apache.cxf.attachment.MimeBodyPartInputStream"), named("read").and(takesArguments(0)),
                    HotSpotKind.STREAM_SINGLE_BYTE_READ, "CXF MimeBodyPartInputStream.read()"))
            .loadedBy(SeesType.anyOf(PHASE_INTERCEPTOR)).seenAs(Stack.CXF);

    private CxfProbes() {
    }


    /**
     * Registers the CXF phase names with the recorder. On a client the response runs the inbound chain, whose
     * {@code *-invoke} phases are the chain's own routing there; {@code prepare-send-ending} finishes and sends the
     * request (a synchronous call then waits there for its answer: the waits take {@code wait} inside it, see
     * {@link ClientProbes#CXF}, and socket I/O on the calling thread its own phases).
     */
    static void defineDetails() {
        define(INBOUND, false);
        define(OUTBOUND, true);
        for (String invoke : new String[] {"pre-invoke", "invoke", "post-invoke"}) {
            PhaseDetails.onClient(invoke, false, Phase.HANDLERS);
        }
    }

    private static void define(Object[][] table, boolean outbound) {
        for (Object[] row : table) {
            for (int i = 1; i < row.length; i++) {
                PhaseDetails.define((String) row[i], outbound, (Phase) row[0]);
            }
        }
    }

    /** Every {@code PhaseInterceptor}'s own {@code handleMessage}, and the operation name at invocation. */
    private static final class Interceptors implements Probe {
        /** One instance: it keeps its answer per loader, and every class loaded asks it ({@link #mayMatchClassesOf}). */
        private final SeesType loaders = SeesType.anyOf(PHASE_INTERCEPTOR);

        @Override
        public String name() {
            return "cxf-interceptors";
        }

        @Override
        public ElementMatcher<? super ClassLoader> loaders() {
            return loaders;
        }

        @Override
        public ElementMatcher<? super TypeDescription> types() {
            return Rule.below(PHASE_INTERCEPTOR) // ONE_WAY is one of them
                    .or(Rule.below("org.apache.cxf.service.invoker.AbstractInvoker"));
        }

        @Override
        public void prepare() {
            defineDetails();
        }

        @Override
        public Weaving weaving() {
            return Advices.plain()
                    .advice(named("handleMessage").and(takesArguments(1)).and(not(isBridge())).and(not(isAbstract()))
                                    .and(net.bytebuddy.matcher.ElementMatchers.isDeclaredBy(Rule.below(PHASE_INTERCEPTOR))),
                            Advices.nested(CxfProbes.class, "InCxfPhase"))
                    .advice(named("performInvocation").and(not(isAbstract()))
                                    .and(net.bytebuddy.matcher.ElementMatchers.isDeclaredBy(Rule.below("org.apache.cxf.service.invoker.AbstractInvoker"))),
                            Advices.nested(CxfProbes.class, "NameFromBindingOperation"))
                    .advice(named("handleMessage").and(takesArguments(1)).and(not(isBridge()))
                                    .and(net.bytebuddy.matcher.ElementMatchers.isDeclaredBy(named(ONE_WAY))),
                            Advices.nested(CxfProbes.class, "NameOneWay"));
        }
    }

    /** The deserializer reading (or looking for) the next MIME part: attachments, a call's when after it returned. */
    static final class NextPart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object deserializer) {
            int token = LateReads.readStart(deserializer);
            Recorder.enter(Phase.ATTACHMENTS);
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            Recorder.exit(Phase.ATTACHMENTS);
            LateReads.readEnd(token, false);
        }
    }

    /** A read of an attachment's stream: the call's, after it returned; {@code -1} ends its reads. */
    static final class AttachmentRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("deserializer") Object deserializer) {
            return LateReads.readStart(deserializer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Return int read) {
            LateReads.readEnd(token, read < 0);
        }
    }

    /** The attachment's stream closed, or read whole into a file: the call's reads end. */
    static final class AttachmentDone {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("deserializer") Object deserializer) {
            return LateReads.readStart(deserializer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            LateReads.readEnd(token, true);
        }
    }

    static final class InCxfPhase {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object interceptor, @Advice.Argument(0) Object message) {
            return Recorder.enterDetail(((org.apache.cxf.phase.PhaseInterceptor<?>) interceptor).getPhase(),
                    org.apache.cxf.message.MessageUtils.isOutbound((org.apache.cxf.message.Message) message));
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int entry) {
            Recorder.exitEntry(entry);
        }
    }

    /** The binding operation's name for SOAP; for JAX-RS (no binding operation), the resource method. */
    static final class NameFromBindingOperation {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object exchange, @Advice.Argument(2) java.lang.reflect.Method method) {
            org.apache.cxf.service.model.BindingOperationInfo op =
                    ((org.apache.cxf.message.Exchange) exchange).getBindingOperationInfo();
            if (op != null) {
                Naming.nameOperation(NameSource.STACK, op.getName());
            } else {
                Naming.nameRequest(NameSource.STACK, method.getDeclaringClass().getSimpleName() + "." + method.getName());
            }
        }
    }

    /**
     * A one-way call is named on the request thread, before its chain moves to CXF's executor where
     * {@link NameFromBindingOperation} finds no request; the binding operation is known since unmarshal.
     */
    static final class NameOneWay {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object message) {
            org.apache.cxf.message.Exchange exchange = ((org.apache.cxf.message.Message) message).getExchange();
            org.apache.cxf.service.model.BindingOperationInfo op =
                    exchange == null ? null : exchange.getBindingOperationInfo();
            if (op != null) {
                Naming.nameOperation(NameSource.STACK, op.getName());
            }
        }
    }
}
