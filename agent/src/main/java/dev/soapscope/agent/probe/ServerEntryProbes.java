package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Where a SOAP stack serves a request without a servlet container, the request opens at the stack's or transport's
 * own server entry when none is open on the thread (behind a servlet it only nests, as a second {@code service()}
 * would), is named from what the transport tells, and closes with the transport's status. Each entry is one rule
 * here; {@link TransportStreams} times their request and response bodies.
 */
final class ServerEntryProbes {
    private static final String CXF_HTTP_DESTINATION = "org.apache.cxf.transport.http.AbstractHTTPDestination";
    private static final String METRO_HTTP_HANDLER = "com.sun.xml.ws.transport.http.server.WSHttpHandler";
    private static final String QUARKUS_CXF_HANDLER = "io.quarkiverse.cxf.transport.CxfHandler";
    private static final String CXF_JMS_DESTINATION = "org.apache.cxf.transport.jms.JMSDestination";
    static final String AXIS2_HTTP_CONNECTION = "org.apache.axis2.transport.http.server.AxisHttpConnectionImpl";

    /**
     * CXF's HTTP destination, which every CXF HTTP transport calls (its servlet, Jetty, Undertow, Netty, Quarkus CXF's
     * Vert.x adapters): the request's entry wherever no servlet opened one, and CXF's own set-up around the
     * interceptor chains (finding the destination, the message and exchange, the base path) is {@code handlers}.
     */
    static final StackProbe CXF_HTTP = new StackProbe("server-entries.cxf-http",
            Rule.advised(named(CXF_HTTP_DESTINATION), cxfInvoke("jakarta"), ServerEntryProbes.class, "CxfJakarta"),
            Rule.advised(named(CXF_HTTP_DESTINATION), cxfInvoke("javax"), ServerEntryProbes.class, "CxfJavax"))
            .loadedBy(SeesType.anyOf(CXF_HTTP_DESTINATION));

    /**
     * Quarkus CXF's Vert.x route, on a worker thread: it builds the servlet request and response over Vert.x's, finds
     * the destination and runs CXF's HTTP destination, whose output stream's close ends the response; opening the
     * request here puts that set-up (about 7% of the request's CPU) in {@code handlers}, not outside the request.
     */
    static final StackProbe QUARKUS_CXF = new StackProbe("server-entries.quarkus-cxf",
            Rule.advised(named(QUARKUS_CXF_HANDLER), named("handle").and(takesArguments(1))
                            .and(takesArgument(0, named("io.vertx.ext.web.RoutingContext"))),
                    ServerEntryProbes.class, "QuarkusCxfRoute"))
            .loadedBy(SeesType.anyOf(QUARKUS_CXF_HANDLER));

    /**
     * Metro's {@code Endpoint.publish} on the JDK's HTTP server: {@code handleExchange} serves one exchange and closes
     * it ({@code handle} only hands the exchange to the endpoint's executor, when one is set).
     */
    static final StackProbe JDK_HTTP = new StackProbe("server-entries.jdk-http",
            Rule.advised(named(METRO_HTTP_HANDLER),
                    named("handleExchange").and(takesArguments(1))
                            .and(takesArgument(0, named("com.sun.net.httpserver.HttpExchange"))),
                    ServerEntryProbes.class, "MetroOnJdkServer"))
            .loadedBy(SeesType.anyOf(METRO_HTTP_HANDLER));

    /**
     * Axis2's own HTTP server ({@code SimpleAxis2Server}, {@code axis2server.sh}): one thread per keep-alive
     * connection loops on {@code AxisHttpService#handleRequest}, which first waits in {@code receiveRequest()} for
     * the next request's head. The request opens when the head's first bytes arrive (the wait before is the idle
     * connection's; parsing and logging the head are the request's) and ends with {@code handleRequest};
     * its status is the one the connection sends ({@code sendResponse}, also for the errors Axis2 answers itself).
     */
    static final StackProbe AXIS2_HTTP = new StackProbe("server-entries.axis2-http",
            Rule.advised(named(AXIS2_HTTP_CONNECTION), named("receiveRequest").and(takesArguments(0)),
                    ServerEntryProbes.class, "Axis2RequestHead"),
            Rule.advised(named(AXIS2_HTTP_CONNECTION), named("sendResponse").and(takesArguments(1)),
                    ServerEntryProbes.class, "Axis2ResponseHead"),
            Rule.advised(named("org.apache.axis2.transport.http.server.AxisHttpService"),
                    named("handleRequest").and(takesArguments(2)), ServerEntryProbes.class, "Axis2Served"))
            .loadedBy(SeesType.anyOf(AXIS2_HTTP_CONNECTION));

    /**
     * SOAP over JMS on CXF: each message the destination's listener takes is a request, on the listener's thread
     * (its poller), in and out chains and the reply's send inside {@code onMessage}; a one-way message's service too.
     * There is no status: a reply that is a fault counts as a SOAP fault does over HTTP (500, {@code server_error}).
     * Reading the JMS message into CXF's is {@code transport.read}, building and sending the reply
     * {@code transport.write}; CXF's own set-up around the chains, as over HTTP, {@code handlers}.
     */
    static final StackProbe CXF_JMS = new StackProbe("server-entries.cxf-jms",
            Rule.advised(named(CXF_JMS_DESTINATION), named("onMessage").and(takesArguments(1)),
                    ServerEntryProbes.class, "CxfJmsMessage"),
            Rule.advised(named("org.apache.cxf.transport.ChainInitiationObserver"),
                    named("onMessage").and(takesArguments(1)), ServerEntryProbes.class, "CxfFaultReply"),
            Rule.phaseInRequest(named("org.apache.cxf.transport.jms.JMSMessageUtils"), named("asCXFMessage"),
                    Phase.TRANSPORT_READ),
            Rule.phase(named(CXF_JMS_DESTINATION + "$BackChannelConduit"), named("sendExchange"),
                    Phase.TRANSPORT_WRITE))
            .loadedBy(SeesType.anyOf(CXF_JMS_DESTINATION));

    private ServerEntryProbes() {
    }

    private static ElementMatcher.Junction<net.bytebuddy.description.method.MethodDescription> cxfInvoke(String namespace) {
        return named("invoke").and(takesArguments(4))
                .and(takesArgument(2, named(namespace + ".servlet.http.HttpServletRequest")))
                .and(takesArgument(3, named(namespace + ".servlet.http.HttpServletResponse")));
    }

    /** Parameters are typed Object: the advice is inlined, and the casts resolve in the server's class loader. */
    static final class CxfJakarta {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(2) Object request) {
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED) {
                jakarta.servlet.http.HttpServletRequest http = (jakarta.servlet.http.HttpServletRequest) request;
                String action = http.getHeader("SOAPAction");
                Naming.nameFromHttp(http.getMethod(), http.getQueryString(), action,
                        Naming.needsContentType(action) ? http.getContentType() : null, http.getRequestURI());
            }
            Recorder.enter(Phase.HANDLERS);
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(3) Object response, @Advice.Thrown Throwable thrown) {
            Recorder.exit(Phase.HANDLERS);
            int status = 0;
            try {
                status = ((jakarta.servlet.http.HttpServletResponse) response).getStatus();
            } finally { // the request closes whatever the response says
                Recorder.requestEnd(token, status, thrown != null);
            }
        }
    }

    static final class CxfJavax {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(2) Object request) {
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED) {
                javax.servlet.http.HttpServletRequest http = (javax.servlet.http.HttpServletRequest) request;
                String action = http.getHeader("SOAPAction");
                Naming.nameFromHttp(http.getMethod(), http.getQueryString(), action,
                        Naming.needsContentType(action) ? http.getContentType() : null, http.getRequestURI());
            }
            Recorder.enter(Phase.HANDLERS);
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(3) Object response, @Advice.Thrown Throwable thrown) {
            Recorder.exit(Phase.HANDLERS);
            int status = 0;
            try {
                status = ((javax.servlet.http.HttpServletResponse) response).getStatus();
            } catch (Throwable servlet25) {
                // no getStatus() before Servlet 3.0: the outcome is then the exception's, if any
            } finally { // the request closes whatever the response says
                Recorder.requestEnd(token, status, thrown != null);
            }
        }
    }

    static final class QuarkusCxfRoute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object context) {
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED) {
                io.vertx.core.http.HttpServerRequest http = ((io.vertx.ext.web.RoutingContext) context).request();
                String action = http.getHeader("SOAPAction");
                Naming.nameFromHttp(http.method().name(), http.query(), action,
                        Naming.needsContentType(action) ? http.getHeader("Content-Type") : null, http.path());
            }
            Recorder.enter(Phase.HANDLERS);
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(0) Object context, @Advice.Thrown Throwable thrown) {
            Recorder.exit(Phase.HANDLERS);
            int status = 0;
            try {
                status = ((io.vertx.ext.web.RoutingContext) context).response().getStatusCode();
            } finally { // the request closes whatever the response says
                Recorder.requestEnd(token, status, thrown != null);
            }
        }
    }

    static final class MetroOnJdkServer {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object exchange) {
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED) {
                com.sun.net.httpserver.HttpExchange x = (com.sun.net.httpserver.HttpExchange) exchange;
                String action = x.getRequestHeaders().getFirst("SOAPAction");
                Naming.nameFromHttp(x.getRequestMethod(), x.getRequestURI().getRawQuery(), action,
                        Naming.needsContentType(action) ? x.getRequestHeaders().getFirst("Content-Type") : null,
                        x.getRequestURI().getPath());
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(0) Object exchange, @Advice.Thrown Throwable thrown) {
            int status = 0;
            try {
                status = ((com.sun.net.httpserver.HttpExchange) exchange).getResponseCode(); // -1: no response sent
            } finally { // the request closes whatever the exchange says
                Recorder.requestEnd(token, status, thrown != null);
            }
        }
    }

    /** The head's first bytes open the request ({@code TransportStreams}' session buffers say when they come). */
    static final class Axis2RequestHead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.awaitHead();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Return Object head, @Advice.Thrown Throwable thrown) {
            Recorder.headRead(thrown == null && head != null);
            if (thrown != null || head == null) {
                return; // the connection closed or timed out while idle: no request
            }
            org.apache.http.HttpRequest request = (org.apache.http.HttpRequest) head;
            org.apache.http.Header soapAction = request.getFirstHeader("SOAPAction");
            String action = soapAction == null ? null : soapAction.getValue();
            org.apache.http.Header contentType = Naming.needsContentType(action)
                    ? request.getFirstHeader("Content-Type") : null;
            String uri = request.getRequestLine().getUri();
            int q = uri.indexOf('?');
            Naming.nameFromHttp(request.getRequestLine().getMethod(), q < 0 ? null : uri.substring(q + 1), action,
                    contentType == null ? null : contentType.getValue(), q < 0 ? uri : uri.substring(0, q));
        }
    }

    static final class Axis2ResponseHead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object response) {
            Recorder.responseStatus(((org.apache.http.HttpResponse) response).getStatusLine().getStatusCode());
        }
    }

    static final class Axis2Served {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown) {
            Recorder.requestEndHeld(thrown != null);
        }
    }

    /** The message's request; named by CXF's binding operation as the chain runs (JMS carries no path to fall back on). */
    static final class CxfJmsMessage {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            int token = Recorder.requestStart();
            Recorder.enter(Phase.HANDLERS);
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Recorder.exit(Phase.HANDLERS);
            Recorder.requestEnd(token, 0, thrown != null);
        }
    }

    /** A fault answered: on a transport without a status (JMS), the request's status as HTTP would have it. */
    static final class CxfFaultReply {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Object message) {
            org.apache.cxf.message.Exchange exchange = ((org.apache.cxf.message.Message) message).getExchange();
            if (exchange != null && exchange.getOutFaultMessage() != null) {
                Recorder.responseStatus(500);
            }
        }
    }
}
