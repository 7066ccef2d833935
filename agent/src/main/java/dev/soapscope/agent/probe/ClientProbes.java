package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Stack;
import net.bytebuddy.asm.Advice;

import static net.bytebuddy.matcher.ElementMatchers.isBootstrapClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * The SOAP calls a JVM makes: each stack's call boundary (counted once however the stacks nest, named by the WSDL
 * operation or payload root, with its peer), the JDK sockets under every blocking HTTP client (connect, send, wait for
 * the answer, read it), and the clients built ({@code client.create}), counted where the application builds them.
 * A stack's own phase rules (marshal, serialize, parse...) need nothing here: inside a call they record into it.
 */
final class ClientProbes {
    /**
     * The JDK's sockets, timed only inside a call: {@code Socket.connect} (HttpURLConnection, Apache HttpClient, Axis
     * 1's own sender), the TLS handshake, and the socket streams' reads and writes (Java 13+ {@code NioSocketImpl},
     * Java 8-12 {@code SocketInputStream}/{@code SocketOutputStream}). Outside a call they cost a thread-local look-up.
     */
    static final StackProbe SOCKETS = new StackProbe("client-sockets",
            Rule.advised(named("java.net.Socket"), named("connect").and(takesArguments(2)), ClientProbes.class, "Connect"),
            Rule.advised(named("sun.security.ssl.SSLSocketImpl"), named("startHandshake").and(takesArguments(0)),
                    ClientProbes.class, "Handshake"),
            Rule.advised(namedOneOf("sun.nio.ch.NioSocketImpl", "java.net.SocketInputStream"),
                    named("read").and(takesArguments(3).or(takesArguments(4))).and(takesArgument(0, byte[].class)),
                    ClientProbes.class, "SocketRead"),
            Rule.advised(named("sun.nio.ch.NioSocketImpl"),
                    named("write").and(takesArguments(3)).and(takesArgument(0, byte[].class)), ClientProbes.class, "SocketWrite"),
            Rule.advised(named("java.net.SocketOutputStream"),
                    named("socketWrite").and(takesArguments(3)).and(takesArgument(0, byte[].class)), ClientProbes.class, "SocketWrite"))
            .loadedBy(isBootstrapClassLoader());

    /** JAX-WS (javax and jakarta: Metro, CXF, Axis2's): a Service, a port or a Dispatch built. */
    static final StackProbe JAXWS_CLIENTS = new StackProbe("jaxws-clients",
            Rule.createdAt(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), HotSpotKind.CLIENT_CREATE,
                    "JAX-WS Service built (its WSDL read and parsed, unless the stack cached it)"),
            Rule.hotspot(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), named("getPort"),
                    HotSpotKind.CLIENT_CREATE, "JAX-WS port built (Service.getPort: proxy, binding model, handler chain)"),
            Rule.hotspot(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), named("createDispatch"),
                    HotSpotKind.CLIENT_CREATE, "JAX-WS Dispatch built (Service.createDispatch)"))
            .loadedBy(SeesType.anyOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"));

    /** CXF: {@code ClientImpl.doInvoke}, under proxies and {@code Dispatch} alike; proxies, dynamic clients and buses built. */
    static final StackProbe CXF = new StackProbe("cxf-client",
            Rule.advised(named("org.apache.cxf.endpoint.ClientImpl"), named("doInvoke").and(takesArguments(5)),
                    ClientProbes.class, "CxfCall"),
            Rule.hotspot(Rule.below("org.apache.cxf.frontend.ClientProxyFactoryBean"), named("create").and(takesArguments(0)),
                    HotSpotKind.CLIENT_CREATE, "CXF proxy built (service model, ClientImpl, conduit)"),
            Rule.hotspot(Rule.below("org.apache.cxf.endpoint.dynamic.DynamicClientFactory"), named("createClient"),
                    HotSpotKind.CLIENT_CREATE, "CXF dynamic client built (its WSDL compiled to classes)"),
            Rule.createdAt(named("org.apache.cxf.bus.extension.ExtensionManagerBus"), HotSpotKind.CLIENT_CREATE,
                    "CXF Bus built"))
            .loadedBy(SeesType.anyOf("org.apache.cxf.endpoint.ClientImpl")).seenAs(Stack.CXF);

    /** Metro: {@code Stub.process}, under SEI stubs and {@code Dispatch} alike. */
    static final StackProbe METRO = new StackProbe("metro-client",
            Rule.advised(named("com.sun.xml.ws.client.Stub"), named("process").and(takesArguments(3)),
                    ClientProbes.class, "MetroCall"))
            .loadedBy(SeesType.anyOf("com.sun.xml.ws.client.Stub")).seenAs(Stack.METRO);

    /** SAAJ RI (javax 1.x and jakarta 3.x share the class names): {@code SOAPConnection.call}, and connections built. */
    static final StackProbe SAAJ = new StackProbe("saaj-client",
            Rule.clientCall(named("com.sun.xml.messaging.saaj.client.p2p.HttpSOAPConnection"),
                    named("get").and(not(isStatic()))),
            Rule.advised(named("com.sun.xml.messaging.saaj.client.p2p.HttpSOAPConnection"),
                    named("call").and(takesArgument(0, named("jakarta.xml.soap.SOAPMessage"))), ClientProbes.class, "SaajCallJakarta"),
            Rule.advised(named("com.sun.xml.messaging.saaj.client.p2p.HttpSOAPConnection"),
                    named("call").and(takesArgument(0, named("javax.xml.soap.SOAPMessage"))), ClientProbes.class, "SaajCallJavax"),
            Rule.hotspot(named("com.sun.xml.messaging.saaj.client.p2p.HttpSOAPConnectionFactory"), named("createConnection"),
                    HotSpotKind.CLIENT_CREATE, "SAAJ SOAPConnection built (with a MessageFactory of its own)"))
            .loadedBy(SeesType.anyOf("com.sun.xml.messaging.saaj.client.p2p.HttpSOAPConnection")).seenAs(Stack.SAAJ);

    private ClientProbes() {
    }

    static final class Connect {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Recorder.connectStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) Object endpoint) {
            Recorder.connectEnd(started, endpoint);
        }
    }

    static final class Handshake {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Recorder.connectStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Recorder.connectEnd(started, null);
        }
    }

    static final class SocketRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            return Recorder.socketReadStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int phase, @Advice.Return int read) {
            Recorder.socketReadEnd(phase, read);
        }
    }

    static final class SocketWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Recorder.socketWriteStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(2) int length) {
            Recorder.socketWriteEnd(started, length);
        }
    }

    /** The call, named by its binding operation, at the endpoint's address; a fault is what it throws. */
    static final class CxfCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object client, @Advice.Argument(1) Object operation) {
            int token = Recorder.clientStart();
            try { // the token must come back whatever happens: a call left open would hold the thread's recording
                if (operation != null) {
                    Recorder.nameRequest(NameSource.STACK,
                            ((org.apache.cxf.service.model.BindingOperationInfo) operation).getName().toString());
                }
                org.apache.cxf.endpoint.Endpoint endpoint = ((org.apache.cxf.endpoint.ClientImpl) client).getEndpoint();
                if (endpoint != null && endpoint.getEndpointInfo() != null) {
                    Recorder.clientPeer(endpoint.getEndpointInfo().getAddress());
                }
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Recorder.clientEnd(token, thrown);
        }
    }

    /**
     * The call, named by the WSDL operation (else the payload's root element), at the request context's endpoint
     * address; a fault comes back as the answer's message, which the port throws later.
     */
    static final class MetroCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object request, @Advice.Argument(1) Object context) {
            int token = Recorder.clientStart();
            try { // the token must come back whatever happens
                com.sun.xml.ws.api.message.Packet packet = (com.sun.xml.ws.api.message.Packet) request;
                javax.xml.namespace.QName op = null;
                try {
                    op = packet.getWSDLOperation();
                } catch (Throwable noWsdl) {
                    // a Dispatch without a WSDL model: the payload names it
                }
                com.sun.xml.ws.api.message.Message message = packet.getMessage();
                if (op != null) {
                    Recorder.nameRequest(NameSource.STACK, op.toString());
                } else if (message != null && message.getPayloadLocalPart() != null) {
                    Recorder.nameRequest(NameSource.STACK, "{" + message.getPayloadNamespaceURI() + "}" + message.getPayloadLocalPart());
                }
                Object address = ((com.sun.xml.ws.client.RequestContext) context).getEndpointAddress();
                if (address != null) {
                    Recorder.clientPeer(address.toString());
                }
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Return Object response, @Advice.Thrown Throwable thrown) {
            try {
                com.sun.xml.ws.api.message.Message answer = response == null ? null
                        : ((com.sun.xml.ws.api.message.Packet) response).getMessage();
                if (answer != null && answer.isFault()) {
                    Recorder.clientFault();
                }
            } finally {
                Recorder.clientEnd(token, thrown);
            }
        }
    }

    /** The call, named by the payload's root element, at the endpoint (a String or URL): jakarta SAAJ. */
    static final class SaajCallJakarta {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object message, @Advice.Argument(1) Object endpoint) {
            int token = Recorder.clientStart();
            try { // the token must come back whatever happens
                Recorder.clientPeer(endpoint == null ? null : endpoint.toString());
                Recorder.nameFromPayloadRoot(((jakarta.xml.soap.SOAPMessage) message).getSOAPBody());
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Recorder.clientEnd(token, thrown);
        }
    }

    /** As {@link SaajCallJakarta}, javax SAAJ. */
    static final class SaajCallJavax {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object message, @Advice.Argument(1) Object endpoint) {
            int token = Recorder.clientStart();
            try { // the token must come back whatever happens
                Recorder.clientPeer(endpoint == null ? null : endpoint.toString());
                Recorder.nameFromPayloadRoot(((javax.xml.soap.SOAPMessage) message).getSOAPBody());
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Recorder.clientEnd(token, thrown);
        }
    }
}
