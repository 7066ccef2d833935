package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.Stack;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.isBootstrapClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * The SOAP calls a JVM makes: each stack's call boundary (counted once however the stacks nest, named by the WSDL
 * operation or payload root, with its peer), the JDK sockets under every blocking HTTP client (connect, send, wait for
 * the answer, read it), and the clients built ({@code client.create}), counted where the application builds them.
 * A stack's own phase rules (marshal, serialize, parse...) need nothing here: inside a call they record into it.
 */
final class ClientProbes {
    /**
     * An HTTP client's methods that set one request header, {@code (String name, String value)}: a call's SOAPAction
     * names it as the server names the request ({@link Naming#nameCallFromHeader}).
     */
    private static final ElementMatcher.Junction<MethodDescription> REQUEST_HEADER =
            namedOneOf("setRequestProperty", "addRequestProperty", "header", "setHeader", "addHeader")
                    .and(takesArguments(2)).and(takesArgument(0, type(String.class))).and(takesArgument(1, type(String.class)));

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
                    named("read").and(takesArguments(3).or(takesArguments(4))).and(takesArgument(0, type(byte[].class))),
                    ClientProbes.class, "SocketRead"),
            Rule.advised(named("sun.nio.ch.NioSocketImpl"),
                    named("write").and(takesArguments(3)).and(takesArgument(0, type(byte[].class))), ClientProbes.class, "SocketWrite"),
            Rule.advised(named("java.net.SocketOutputStream"),
                    named("socketWrite").and(takesArguments(3)).and(takesArgument(0, type(byte[].class))), ClientProbes.class, "SocketWrite"),
            // HttpURLConnection above its socket (Metro, SAAJ, Spring-WS's default sender, CXF's URLConnection conduit):
            // getting a connection (a new one, or one kept alive) is connect; sending the request and reading the status
            // line and headers is transport.read, its socket write and first read (the wait) nested in it
            Rule.phaseInCall(named("sun.net.www.protocol.http.HttpURLConnection"),
                    namedOneOf("plainConnect0", "plainConnect").and(takesArguments(0)), Phase.CONNECT),
            Rule.phaseInCall(named("sun.net.www.protocol.http.HttpURLConnection"),
                    named("getInputStream0").and(takesArguments(0)), Phase.TRANSPORT_READ),
            Rule.phaseInCall(named("sun.net.www.protocol.http.HttpURLConnection$HttpInputStream"),
                    named("read").and(takesArguments(3)), Phase.TRANSPORT_READ),
            Rule.advised(named("sun.net.www.protocol.http.HttpURLConnection"), REQUEST_HEADER, ClientProbes.class, "RequestHeader"))
            .loadedBy(isBootstrapClassLoader());

    /**
     * Apache HttpClient 4 and 5 (classic), under Axis2, Spring-WS's HttpComponents senders and CXF's HC conduits:
     * inside a call, {@code execute} (leasing a connection, sending, reading the status line and headers, its socket
     * I/O nested) is {@code transport.read}, and building a client (a pool, an SSLContext) is {@code connect}; every
     * client built is a {@code client.create}: Axis2 1.8 builds one for every call unless told to cache it.
     */
    static final StackProbe HTTP_CLIENTS = new StackProbe("http-clients",
            Rule.phaseInCall(namedOneOf("org.apache.http.impl.client.CloseableHttpClient",
                    "org.apache.hc.client5.http.impl.classic.CloseableHttpClient"), named("execute"), Phase.TRANSPORT_READ),
            Rule.phaseInCall(namedOneOf("org.apache.http.impl.client.HttpClientBuilder",
                    "org.apache.hc.client5.http.impl.classic.HttpClientBuilder"), named("build").and(takesArguments(0)), Phase.CONNECT),
            Rule.hotspot(namedOneOf("org.apache.http.impl.client.HttpClientBuilder",
                    "org.apache.hc.client5.http.impl.classic.HttpClientBuilder"), named("build").and(takesArguments(0)),
                    HotSpotKind.CLIENT_CREATE,
                    "Apache HttpClient built (its own pool and SSLContext, unless given a shared pool, as Axis2 1.8 does)"),
            Rule.advised(named("org.apache.http.message.AbstractHttpMessage"), REQUEST_HEADER, ClientProbes.class, "RequestHeader"))
            .loadedBy(SeesType.anyOf("org.apache.http.impl.client.CloseableHttpClient",
                    "org.apache.hc.client5.http.impl.classic.CloseableHttpClient"));

    /**
     * The JDK's {@code java.net.http} client (CXF 4's default conduit), which connects on threads of its own: a
     * request made inside a call is kept with the call, and a new connection opened for it (a pool miss) is the call's
     * {@code connection.new} when the JVM had connected to that peer before, counted at the call's own line. The wait
     * for that connection, handshake and all, is the calling thread's (CXF's {@code connect}).
     */
    static final StackProbe JAVA_HTTP_CLIENT = new StackProbe("java-http-client",
            Rule.advised(named("jdk.internal.net.http.HttpRequestImpl"),
                    isConstructor().and(takesArguments(2)).and(takesArgument(0, named("java.net.http.HttpRequest"))),
                    ClientProbes.class, "JdkHttpRequestMade"),
            Rule.advised(named("jdk.internal.net.http.HttpConnection"),
                    named("getPlainConnection").and(isStatic()).and(takesArguments(4)), ClientProbes.class, "JdkPlainConnection"),
            Rule.advised(named("jdk.internal.net.http.HttpConnection"),
                    named("getSSLConnection").and(isStatic()).and(takesArguments(5)), ClientProbes.class, "JdkTlsConnection"),
            Rule.advised(named("jdk.internal.net.http.HttpRequestBuilderImpl"), REQUEST_HEADER, ClientProbes.class, "RequestHeader"))
            .loadedBy(TransportStreams.jdkLoaders());

    /** JAX-WS (javax and jakarta: Metro, CXF, Axis2's): a Service, a port or a Dispatch built. */
    static final StackProbe JAXWS_CLIENTS = new StackProbe("jaxws-clients",
            Rule.createdAt(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), HotSpotKind.CLIENT_CREATE,
                    "JAX-WS Service built (its WSDL read and parsed, unless the stack cached it)"),
            Rule.hotspot(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), named("getPort"),
                    HotSpotKind.CLIENT_CREATE, "JAX-WS port built (Service.getPort: proxy, binding model, handler chain)"),
            Rule.hotspot(namedOneOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"), named("createDispatch"),
                    HotSpotKind.CLIENT_CREATE, "JAX-WS Dispatch built (Service.createDispatch)"))
            .loadedBy(SeesType.anyOf("javax.xml.ws.Service", "jakarta.xml.ws.Service"));

    /**
     * Where a call keeps its {@link Calls#callHandle} for the threads that work for it (a CXF exchange, a Metro
     * packet's invocation properties): a key of ours, which the stacks never read.
     */
    static final String CALL_KEY = "dev.soapscope.call";

    /**
     * CXF: {@code ClientImpl.doInvoke}, under proxies and {@code Dispatch} alike, synchronous or not; proxies, dynamic
     * clients and buses built. A call's exchange keeps its handle, so the threads that read its answer (an asynchronous
     * call's executor, CXF's work queue, a JMS listener) work for it, until the answer is handed to the application.
     */
    static final StackProbe CXF = new StackProbe("cxf-client",
            Rule.advised(named("org.apache.cxf.endpoint.ClientImpl"), named("doInvoke").and(takesArguments(5)),
                    ClientProbes.class, "CxfCall"),
            // a JAX-WS proxy's call ends when the proxy has mapped the answer (a fault to its exception)
            Rule.advised(named("org.apache.cxf.jaxws.JaxWsClientProxy"), named("invoke").and(takesArguments(3)),
                    ClientProbes.class, "JaxwsProxy"),
            Rule.advised(named("org.apache.cxf.endpoint.ClientImpl"), named("setExchangeProperties").and(takesArguments(3)),
                    ClientProbes.class, "CxfCallHandle"),
            Rule.advised(named("org.apache.cxf.endpoint.ClientImpl"), named("onMessage").and(takesArguments(1)),
                    ClientProbes.class, "CxfAnswerRead"),
            Rule.advised(named("org.apache.cxf.transport.http.HTTPConduit$WrappedOutputStream"),
                    named("handleResponseInternal").and(takesArguments(0)), ClientProbes.class, "CxfResponseHandled"),
            Rule.advised(Rule.below("org.apache.cxf.endpoint.ClientCallback"),
                    named("handleResponse").and(takesArguments(2)), ClientProbes.class, "CxfAnswered"),
            Rule.advised(Rule.below("org.apache.cxf.endpoint.ClientCallback"),
                    named("handleException").and(takesArguments(2)), ClientProbes.class, "CxfAnsweredWithException"),
            // the waits for an answer other threads receive: the caller's for a JMS listener's, and a thread's for
            // the answer CXF 4's HttpClient conduit or its Apache async conduits (HC 4, HC 5) receive on their own
            // I/O threads; and the wait for the HttpClient conduit to have a connection (opened on its threads)
            Rule.phaseInCall(named("org.apache.cxf.endpoint.ClientImpl"), named("waitResponse").and(takesArguments(1)),
                    Phase.WAIT),
            Rule.phaseInCall(named("org.apache.cxf.transport.http.HttpClientHTTPConduit$HttpClientWrappedOutputStream"),
                    named("getResponse").and(takesArguments(0)), Phase.WAIT),
            Rule.phaseInCall(namedOneOf("org.apache.cxf.transport.http.asyncclient.AsyncHTTPConduit$AsyncWrappedOutputStream",
                    "org.apache.cxf.transport.http.asyncclient.hc5.AsyncHTTPConduit$AsyncWrappedOutputStream"),
                    named("getHttpResponse").and(takesArguments(0)), Phase.WAIT),
            Rule.phaseInCall(named("org.apache.cxf.transport.http.HttpClientHTTPConduit$HttpClientWrappedOutputStream"),
                    named("isConnectionAttemptCompleted").and(takesArguments(2)), Phase.CONNECT),
            // SOAP over JMS: the request sent, then the wait for its reply (a listener's, or a receive on this thread)
            Rule.phaseInCall(named("org.apache.cxf.transport.jms.JMSConduit"), named("sendAndReceiveMessage"), Phase.WAIT),
            Rule.phaseInCall(named("org.apache.cxf.transport.jms.JMSConduit"), named("sendMessage"), Phase.TRANSPORT_WRITE),
            // a JMS connection opened in a call (its broker's TCP connection on the provider's own I/O threads): a
            // conduit keeps one, unless configured one session per connection (a connection per call)
            Rule.advised(named("org.apache.cxf.transport.jms.JMSFactory"),
                    named("createConnection").and(isStatic()).and(takesArguments(1)), ClientProbes.class, "JmsConnect"),
            Rule.hotspot(Rule.below("org.apache.cxf.frontend.ClientProxyFactoryBean"), named("create").and(takesArguments(0)),
                    HotSpotKind.CLIENT_CREATE, "CXF proxy built (service model, ClientImpl, conduit)"),
            Rule.hotspot(Rule.below("org.apache.cxf.endpoint.dynamic.DynamicClientFactory"), named("createClient"),
                    HotSpotKind.CLIENT_CREATE, "CXF dynamic client built (its WSDL compiled to classes)"),
            // every CXF server and client builds a Bus at start-up: one built once calls are made is the calls'
            Rule.createdOnceCalling(named("org.apache.cxf.bus.extension.ExtensionManagerBus"), HotSpotKind.CLIENT_CREATE,
                    "CXF Bus built"))
            .loadedBy(SeesType.anyOf("org.apache.cxf.endpoint.ClientImpl")).seenAs(Stack.CXF);

    /**
     * Metro: an SEI port's method handler or a {@code Dispatch}'s {@code invoke}, which build the request and read the
     * answer around {@code Stub.process} (the answer is unmarshalled after it returns); {@code Stub.process}, nested,
     * names the call and reads a fault from the answer.
     */
    static final StackProbe METRO = new StackProbe("metro-client",
            Rule.clientCall(Rule.below("com.sun.xml.ws.client.sei.MethodHandler"), named("invoke").and(takesArguments(2))),
            Rule.clientCall(named("com.sun.xml.ws.client.dispatch.DispatchImpl"),
                    namedOneOf("invoke", "invokeOneWay").and(takesArguments(1))),
            Rule.advised(named("com.sun.xml.ws.client.Stub"), named("process").and(takesArguments(3)),
                    ClientProbes.class, "MetroCall"),
            // asynchronous calls (a port's ...Async methods, Dispatch.invokeAsync): the request goes to a fiber, which
            // runs the tube line on the service's executor; the call ends when its answer is set on its Response
            Rule.advised(named("com.sun.xml.ws.client.Stub"), named("processAsync").and(takesArguments(4)),
                    ClientProbes.class, "MetroAsyncCall"),
            // an asynchronous call's caller side: its request built (Dispatch's createPacket) before processAsync
            Rule.clientCall(Rule.below("com.sun.xml.ws.client.AsyncInvoker"), named("do_run").and(takesArguments(0))),
            // a Dispatch's value made into the request's message, and the answer's message into the value it returns
            Rule.phaseInCall(Rule.below("com.sun.xml.ws.client.dispatch.DispatchImpl"),
                    named("createPacket").and(takesArguments(1)), Phase.MARSHAL),
            Rule.phaseInCall(Rule.below("com.sun.xml.ws.client.dispatch.DispatchImpl"),
                    named("toReturnValue").and(takesArguments(1)), Phase.UNMARSHAL),
            Rule.advised(named("com.sun.xml.ws.client.Stub"), named("configureRequestPacket").and(takesArguments(2)),
                    ClientProbes.class, "MetroCallName"),
            Rule.advised(named("com.sun.xml.ws.api.pipe.Fiber"), named("run").and(takesArguments(0)),
                    ClientProbes.class, "MetroFiberRun"),
            Rule.advised(named("com.sun.xml.ws.client.AsyncResponseImpl"), named("set").and(takesArguments(2)),
                    ClientProbes.class, "MetroAnswered"),
            // the tube line a fiber runs (the pipeline, as on a server), and the transport tube's HTTP exchange
            // (the connection, headers and the answer's packet; its socket I/O and encoding nested)
            Rule.phase(named("com.sun.xml.ws.api.pipe.Fiber"), named("runSync").and(takesArguments(2)), Phase.HANDLERS),
            Rule.phaseInCall(named("com.sun.xml.ws.transport.http.client.HttpTransportPipe"),
                    named("process").and(takesArguments(1)), Phase.TRANSPORT_READ))
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

    /** The classes nested in Spring-WS's template: its callbacks and extractors (anonymous, so matched by their outer). */
    private static final net.bytebuddy.matcher.ElementMatcher.Junction<net.bytebuddy.description.type.TypeDescription>
            TEMPLATE_PARTS = nameStartsWith("org.springframework.ws.client.core.WebServiceTemplate$");

    /**
     * Spring-WS: {@code WebServiceTemplate.sendAndReceive(uri, callback, extractor)}, where every send of the template
     * ends up, named by the payload's root once the request is written (SAAJ messages), and templates built.
     */
    static final StackProbe SPRING_WS = new StackProbe("spring-ws-client",
            Rule.clientCallToAddress(named("org.springframework.ws.client.core.WebServiceTemplate"),
                    named("sendAndReceive").and(takesArguments(3)).and(takesArgument(0, type(String.class)))
                            .and(takesArgument(2, named("org.springframework.ws.client.core.WebServiceMessageExtractor")))),
            Rule.advised(named("org.springframework.ws.client.core.WebServiceTemplate"), named("sendRequest").and(takesArguments(2)),
                    ClientProbes.class, "SpringWsCallName"),
            // the template's own callbacks: the caller's payload written into the request, the answer's read out
            Rule.phase(TEMPLATE_PARTS.and(Rule.below("org.springframework.ws.client.core.WebServiceMessageCallback")),
                    named("doWithMessage"), Phase.MARSHAL),
            Rule.phase(TEMPLATE_PARTS.and(Rule.below("org.springframework.ws.client.core.WebServiceMessageExtractor")
                            .or(Rule.below("org.springframework.ws.client.core.SourceExtractor"))),
                    named("extractData"), Phase.UNMARSHAL),
            // an empty request made by the template's message factory: the stack's own plumbing, as on a server
            Rule.phase(Rule.below("org.springframework.ws.WebServiceMessageFactory"),
                    named("createWebServiceMessage").and(takesArguments(0)), Phase.HANDLERS),
            Rule.createdAt(named("org.springframework.ws.client.core.WebServiceTemplate"), HotSpotKind.CLIENT_CREATE,
                    "Spring-WS WebServiceTemplate built (a message factory and a message sender of its own)"))
            .loadedBy(SeesType.anyOf("org.springframework.ws.client.core.WebServiceTemplate")).seenAs(Stack.SPRING_WS);

    /**
     * Axis2 (1.x javax, 2.x jakarta: the same classes): a generated stub's operation method (ADB's marshalling and
     * unmarshalling run around the engine), and {@code OperationClient.execute} under stubs and {@code ServiceClient}
     * alike, which names the call; a {@code ServiceClient} (every stub has one) or a {@code ConfigurationContext} built.
     */
    static final StackProbe AXIS2 = new StackProbe("axis2-client",
            // a generated stub's operation methods: the request built and the answer read around execute
            Rule.clientCall(Rule.below("org.apache.axis2.client.Stub").and(not(named("org.apache.axis2.client.Stub"))),
                    isMethod().and(isPublic()).and(not(isStatic())).and(not(nameStartsWith("_"))).and(not(named("cleanup")))),
            Rule.advised(named("org.apache.axis2.client.OperationClient"), named("execute").and(takesArguments(1)),
                    ClientProbes.class, "Axis2Call"),
            // the generated stub's data binding, as the generated receiver's on a server: the request built from the
            // binding's objects (toOM, toEnvelope), the answer read into them (fromOM)
            Rule.phase(Rule.below("org.apache.axis2.client.Stub"), named("fromOM"), Phase.UNMARSHAL),
            Rule.phase(Rule.below("org.apache.axis2.client.Stub"), namedOneOf("toOM", "toEnvelope"), Phase.MARSHAL),
            // getting the HTTP client for the call: Axis2 1.8 and 2.0 build one for every call (an SSLContext, and a
            // connection manager when the ConfigurationContext has none) unless the options cache one
            Rule.phaseInCall(namedOneOf("org.apache.axis2.transport.http.impl.httpclient4.HTTPSenderImpl",
                    "org.apache.axis2.transport.http.impl.httpclient5.HTTPSenderImpl"), named("getHttpClient"), Phase.CONNECT),
            // Axis2's HTTP exchange: the request made, executed, the answer's body read into a buffer, the connection
            // released (its socket I/O, the message's writing and the client's building nested)
            Rule.phaseInCall(Rule.below("org.apache.axis2.transport.http.HTTPSender"), named("send"), Phase.TRANSPORT_READ),
            Rule.hotspot(named("org.apache.axis2.client.ServiceClient"), named("configureServiceClient"),
                    HotSpotKind.CLIENT_CREATE, "Axis2 ServiceClient built (without a ConfigurationContext given: axis2.xml "
                            + "read, modules deployed, a connection pool of its own)"),
            Rule.hotspot(named("org.apache.axis2.context.ConfigurationContextFactory"), isStatic().and(nameStartsWith("create")),
                    HotSpotKind.CLIENT_CREATE, "Axis2 ConfigurationContext built (axis2.xml read, modules deployed)"))
            .loadedBy(SeesType.anyOf("org.apache.axis2.client.OperationClient")).seenAs(Stack.AXIS2);

    /** Axis 1.4: {@code Call.invoke}, every overload (nested ones count once); a {@code Service} (a locator) built. */
    static final StackProbe AXIS1 = new StackProbe("axis1-client",
            Rule.clientCall(named("org.apache.axis.client.Call"), named("invoke").and(not(takesArguments(0)))),
            Rule.advised(named("org.apache.axis.client.Call"), named("invoke").and(takesArguments(0)),
                    ClientProbes.class, "Axis1Call"),
            // the client engine's handler chains (client-config.wsdd's global and transport chains)
            Rule.phase(named("org.apache.axis.client.AxisClient"),
                    named("invoke").and(takesArgument(0, named("org.apache.axis.MessageContext"))), Phase.HANDLERS),
            // the HTTP exchange itself (headers written and read), its socket I/O and the message's writing nested
            Rule.phase(namedOneOf("org.apache.axis.transport.http.HTTPSender", "org.apache.axis.transport.http.CommonsHTTPSender"),
                    named("invoke").and(takesArgument(0, named("org.apache.axis.MessageContext"))), Phase.TRANSPORT_READ),
            Rule.createdAt(named("org.apache.axis.client.Service"), HotSpotKind.CLIENT_CREATE,
                    "Axis 1 Service built (client-config.wsdd read; from a WSDL, the WSDL parsed)"))
            .loadedBy(SeesType.anyOf("org.apache.axis.client.Call")).seenAs(Stack.AXIS1);

    private ClientProbes() {
    }

    static final class Connect {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Calls.connectStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) Object endpoint) {
            Calls.connectEnd(started, endpoint);
        }
    }

    static final class Handshake {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Calls.connectStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Calls.connectEnd(started, null);
        }
    }

    /** A JMS connection opened: {@code connect}, and a new connection when this configuration had opened one before. */
    static final class JmsConnect {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Calls.connectStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) Object config) {
            Calls.connectEnd(started, started && config != null
                    ? "jms:" + Integer.toHexString(System.identityHashCode(config)) : null);
        }
    }

    /** A JAX-WS proxy's method: the call it makes ends with it ({@link Calls#proxyStart}). */
    static final class JaxwsProxy {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Calls.proxyStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Thrown Throwable thrown) {
            Calls.proxyEnd(started, thrown);
        }
    }

    /** A request header set inside a call: its SOAPAction (or SOAP 1.2 action) names the call. */
    static final class RequestHeader {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) String name, @Advice.Argument(1) String value) {
            Naming.nameCallFromHeader(name, value);
        }
    }

    /** A {@code java.net.http} request made (on the calling thread): kept with the call open here, if any. */
    static final class JdkHttpRequestMade {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object request) {
            Calls.keepCallWith(request);
        }
    }

    /** A new plain connection for a request (on the client's threads). */
    static final class JdkPlainConnection {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object address, @Advice.Argument(2) Object request) {
            Calls.connectionOpenedFor(request, address);
        }
    }

    /** A new TLS connection for a request (on the client's threads). */
    static final class JdkTlsConnection {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object address, @Advice.Argument(3) Object request) {
            Calls.connectionOpenedFor(request, address);
        }
    }

    static final class SocketRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            return Calls.socketReadStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int phase, @Advice.Return int read) {
            Calls.socketReadEnd(phase, read);
        }
    }

    static final class SocketWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Calls.socketWriteStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(2) int length) {
            Calls.socketWriteEnd(started, length);
        }
    }

    /**
     * The call, named by its binding operation, at the address the application set on its port (JAX-WS's
     * {@code ENDPOINT_ADDRESS_PROPERTY} in the request context, or CXF's {@code Message.ENDPOINT_ADDRESS}), else the
     * endpoint's; a fault is what it throws. A
     * {@code Dispatch}'s operation is CXF's own ({@code {http://cxf.apache.org/jaxws/dispatch}Invoke}): its call is
     * named as the service names the operation it runs: the port's WSDL operation whose input is the payload's root
     * element, else that root element.
     */
    static final class CxfCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object client, @Advice.Argument(1) Object operation,
                         @Advice.Argument(2) Object[] params, @Advice.Argument(3) java.util.Map<String, Object> context) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens: a call left open would hold the thread's recording
                org.apache.cxf.endpoint.Endpoint endpoint = ((org.apache.cxf.endpoint.ClientImpl) client).getEndpoint();
                if (operation != null) {
                    javax.xml.namespace.QName op = ((org.apache.cxf.service.model.BindingOperationInfo) operation).getName();
                    String root = "http://cxf.apache.org/jaxws/dispatch".equals(op.getNamespaceURI()) && params != null
                            && params.length > 0 ? Naming.payloadRoot(params[0]) : null;
                    if (root != null) {
                        String named = root;
                        org.apache.cxf.service.model.BindingInfo binding = endpoint == null || endpoint.getEndpointInfo() == null
                                ? null : endpoint.getEndpointInfo().getBinding();
                        if (binding != null) {
                            for (org.apache.cxf.service.model.BindingOperationInfo b : binding.getOperations()) {
                                org.apache.cxf.service.model.BindingMessageInfo in = b.getInput();
                                javax.xml.namespace.QName element = in == null || in.getMessageParts().isEmpty() ? null
                                        : in.getMessageParts().get(0).getElementQName();
                                if (element != null && root.length() == element.getNamespaceURI().length()
                                        + element.getLocalPart().length() + 2 && root.startsWith(element.getNamespaceURI(), 1)
                                        && root.endsWith(element.getLocalPart())) {
                                    named = b.getName().toString(); // the WSDL operation taking that element
                                    break;
                                }
                            }
                        }
                        Naming.nameRequest(NameSource.STACK, named);
                    }
                    Naming.nameOperation(NameSource.STACK, op); // no name of the same rank yet: CXF's
                }
                // the address the application set: in the call's own request context, else in the client's (a
                // proxy's call passes none); nothing allocated, this runs in every call
                for (int i = 0; i < 2; i++) {
                    Object request = i == 0 ? (context == null ? null : context.get("RequestContext"))
                            : ((org.apache.cxf.endpoint.ClientImpl) client).getRequestContext();
                    if (request instanceof java.util.Map) {
                        java.util.Map<?, ?> r = (java.util.Map<?, ?>) request;
                        Object address = r.get("org.apache.cxf.message.Message.ENDPOINT_ADDRESS");
                        if (address == null) {
                            address = r.get("jakarta.xml.ws.service.endpoint.address");
                        }
                        if (address == null) {
                            address = r.get("javax.xml.ws.service.endpoint.address");
                        }
                        if (address instanceof String) {
                            Calls.clientPeer((String) address);
                            break;
                        }
                    }
                }
                if (endpoint != null && endpoint.getEndpointInfo() != null) {
                    Calls.clientPeer(endpoint.getEndpointInfo().getAddress());
                }
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        /** An asynchronous call (a callback given) that returned goes on without its caller. */
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(0) Object callback, @Advice.Thrown Throwable thrown) {
            if (callback != null) {
                Calls.clientGoesAsync();
            }
            Calls.clientEnd(token, thrown);
        }
    }

    /** The call's exchange, made in its {@code doInvoke}, keeps the call's handle. */
    static final class CxfCallHandle {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object exchange) {
            Object handle = Calls.callHandle();
            if (handle != null && exchange != null) {
                ((org.apache.cxf.message.Exchange) exchange).put(CALL_KEY, handle);
            }
        }
    }

    /** The in chain reading a call's answer: on another thread than the caller's, that thread works for the call. */
    static final class CxfAnswerRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object message) {
            org.apache.cxf.message.Exchange exchange = ((org.apache.cxf.message.Message) message).getExchange();
            return exchange == null ? Recorder.NOT_COUNTED : Calls.callAttach(exchange.get(CALL_KEY));
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            Calls.callRelease(token);
        }
    }

    /**
     * An HTTP conduit handling the answer (status, headers, then the in chain): on a work-queue thread for an
     * asynchronous call. Failing there (a timeout, a refused connection) is the call's answer.
     */
    static final class CxfResponseHandled {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("outMessage") Object outMessage) {
            org.apache.cxf.message.Exchange exchange = outMessage == null ? null
                    : ((org.apache.cxf.message.Message) outMessage).getExchange();
            return exchange == null ? Recorder.NOT_COUNTED : Calls.callAttach(exchange.get(CALL_KEY));
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            if (thrown != null && token == Recorder.ASYNC) {
                Calls.callAnswered(thrown);
            }
            Calls.callRelease(token);
        }
    }

    /** The answer handed to the application's {@code Future} or handler: the call ends, a success. */
    static final class CxfAnswered {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Calls.callAnswered(null);
        }
    }

    /** As {@link CxfAnswered}, with what the call failed with: a fault, a timeout, a transport error. */
    static final class CxfAnsweredWithException {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) Throwable thrown) {
            Calls.callAnswered(thrown);
        }
    }

    /** A synchronous Metro call; a fault comes back as the answer's message, which the port throws later. */
    static final class MetroCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            return Calls.clientStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Return Object response, @Advice.Thrown Throwable thrown) {
            try {
                com.sun.xml.ws.api.message.Message answer = response == null ? null
                        : ((com.sun.xml.ws.api.message.Packet) response).getMessage();
                if (answer != null && answer.isFault()) {
                    Calls.clientFault();
                }
            } finally {
                Calls.clientEnd(token, thrown);
            }
        }
    }

    /** An asynchronous Metro call: its packet keeps the call's handle for the fiber that runs it. */
    static final class MetroAsyncCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(1) Object request) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens
                Object handle = Calls.callHandle();
                if (handle != null && request != null) {
                    ((com.sun.xml.ws.api.message.Packet) request).invocationProperties.put(CALL_KEY, handle);
                }
            } catch (Throwable unkept) {
                // the fiber's work will be background work
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientGoesAsync();
            Calls.clientEnd(token, thrown);
        }
    }

    /**
     * A call's request packet configured (synchronous or not): the call is named by the WSDL operation (else the
     * payload's root element), at the request context's endpoint address.
     */
    static final class MetroCallName {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object request, @Advice.Argument(1) Object context) {
            com.sun.xml.ws.api.message.Packet packet = (com.sun.xml.ws.api.message.Packet) request;
            javax.xml.namespace.QName op = null;
            try {
                op = packet.getWSDLOperation();
            } catch (Throwable noWsdl) {
                // a Dispatch without a WSDL model: the payload names it
            }
            com.sun.xml.ws.api.message.Message message = packet.getMessage();
            if (op != null) { // the operation Metro's server dispatches the request to: its name there, whatever SOAPAction
                Naming.nameRequest(NameSource.DISPATCH, op.toString());
            } else if (message != null && message.getPayloadLocalPart() != null) {
                Naming.nameRequest(NameSource.STACK, "{" + message.getPayloadNamespaceURI() + "}" + message.getPayloadLocalPart());
            }
            Object address = ((com.sun.xml.ws.client.RequestContext) context).getEndpointAddress();
            if (address != null) {
                Calls.clientPeer(address.toString());
            }
        }
    }

    /**
     * A fiber's stretch on a thread: the asynchronous call whose packet it carries, if any, is this thread's work, its
     * tube line {@code handlers} as a synchronous call's {@code runSync} (the shard ends with it, phase and all).
     */
    static final class MetroFiberRun {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object fiber) {
            com.sun.xml.ws.api.message.Packet packet = ((com.sun.xml.ws.api.pipe.Fiber) fiber).getPacket();
            int token = packet == null ? Recorder.NOT_COUNTED : Calls.callAttach(packet.invocationProperties.get(CALL_KEY));
            if (token == Recorder.ASYNC) {
                Recorder.enter(Phase.HANDLERS);
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            Calls.callRelease(token);
        }
    }

    /** The answer set on the call's {@code Response} (its handler called from there): the call ends, a fault a fault. */
    static final class MetroAnswered {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) Throwable thrown) {
            Calls.callAnswered(thrown);
        }
    }

    /** The request as it is sent: a SAAJ message is named by its payload's root, another by its SOAPAction. */
    static final class SpringWsCallName {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) Object message) throws Exception {
            if (message instanceof org.springframework.ws.soap.saaj.SaajSoapMessage) {
                Naming.nameFromPayloadRoot(((org.springframework.ws.soap.saaj.SaajSoapMessage) message).getSaajMessage().getSOAPBody());
            } else if (message instanceof org.springframework.ws.soap.SoapMessage) {
                Naming.nameRequest(NameSource.SOAP_ACTION, ((org.springframework.ws.soap.SoapMessage) message).getSoapAction());
            }
        }
    }

    /**
     * Axis2's call, named by its operation (a {@code ServiceClient}'s anonymous operations by the action instead), at
     * the options' address.
     */
    static final class Axis2Call {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object client) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens
                org.apache.axis2.client.OperationClient c = (org.apache.axis2.client.OperationClient) client;
                org.apache.axis2.description.AxisOperation op = c.getOperationContext() == null ? null
                        : c.getOperationContext().getAxisOperation();
                javax.xml.namespace.QName name = op == null ? null : op.getName();
                String action = c.getOptions() == null ? null : c.getOptions().getAction();
                if (name != null && !name.getLocalPart().startsWith("anon")) {
                    Naming.nameOperation(NameSource.STACK, name);
                } else if (action != null && !action.isEmpty()) {
                    Naming.nameRequest(NameSource.STACK, action);
                }
                if (c.getOptions() != null && c.getOptions().getTo() != null) {
                    Calls.clientPeer(c.getOptions().getTo().getAddress());
                }
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }

    /** Axis 1's call, named by its operation (else its SOAPAction), at its target endpoint. */
    static final class Axis1Call {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object call) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens
                org.apache.axis.client.Call c = (org.apache.axis.client.Call) call;
                javax.xml.namespace.QName op = c.getOperationName();
                if (op != null) {
                    Naming.nameOperation(NameSource.STACK, op);
                } else {
                    Naming.nameRequest(NameSource.SOAP_ACTION, c.getSOAPActionURI());
                }
                Calls.clientPeer(c.getTargetEndpointAddress());
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }

    /** The call, named by the payload's root element, at the endpoint (a String or URL): jakarta SAAJ. */
    static final class SaajCallJakarta {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object message, @Advice.Argument(1) Object endpoint) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens
                Calls.clientPeer(endpoint == null ? null : endpoint.toString());
                Naming.nameFromPayloadRoot(((jakarta.xml.soap.SOAPMessage) message).getSOAPBody());
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }

    /** As {@link SaajCallJakarta}, javax SAAJ. */
    static final class SaajCallJavax {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object message, @Advice.Argument(1) Object endpoint) {
            int token = Calls.clientStart();
            try { // the token must come back whatever happens
                Calls.clientPeer(endpoint == null ? null : endpoint.toString());
                Naming.nameFromPayloadRoot(((javax.xml.soap.SOAPMessage) message).getSOAPBody());
            } catch (Throwable unnamed) {
                // named by nothing: counted all the same
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }
}
