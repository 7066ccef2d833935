package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.AsyncRequests;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * {@code HttpServlet#service(ServletRequest, ServletResponse)}, javax and jakarta: the outermost call on a thread
 * opens and closes the request, so an unmodified server already gives totals. Names the request from the
 * SOAPAction header (or SOAP 1.2 action, the content type being asked for only when that header names nothing),
 * else the servlet path. A request that went asynchronous ({@link ServletAsyncProbes}) is handed over when its first
 * {@code service()} returns, and an ASYNC dispatch of it records its work as that request's.
 */
final class ServletRequestProbe implements Probe {
    static final ServletRequestProbe JAKARTA = new ServletRequestProbe("jakarta", Advices.nested(ServletRequestProbe.class, "Jakarta"));
    static final ServletRequestProbe JAVAX = new ServletRequestProbe("javax", Advices.nested(ServletRequestProbe.class, "Javax"));

    private final String namespace;
    private final String advice;
    private final ElementMatcher<? super ClassLoader> loaders;

    private ServletRequestProbe(String namespace, String advice) {
        this.namespace = namespace;
        this.advice = advice;
        this.loaders = SeesType.anyOf(namespace + ".servlet.http.HttpServlet");
    }

    @Override
    public String name() {
        return "servlet." + namespace;
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return loaders;
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return Supertypes.belowAny(namespace + ".servlet.http.HttpServlet").and(not(isInterface()));
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public Weaving weaving() {
        return Advices.plain().advice(named("service").and(not(isAbstract())).and(takesArguments(2))
                                .and(takesArgument(0, named(namespace + ".servlet.ServletRequest")))
                                .and(takesArgument(1, named(namespace + ".servlet.ServletResponse"))),
                        advice);
    }

    /** Parameters are typed Object: the advice is inlined, and the casts resolve in the server's class loader. */
    static final class Jakarta {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object request) {
            int attached = Recorder.NOT_COUNTED;
            try {
                if (((jakarta.servlet.ServletRequest) request).getDispatcherType() == jakarta.servlet.DispatcherType.ASYNC) {
                    // an asynchronous request dispatched back: its work here is that request's
                    attached = AsyncRequests.asyncAttach(((jakarta.servlet.ServletRequest) request)
                            .getAttribute(Recorder.ASYNC_ATTRIBUTE));
                }
            } catch (Throwable servlet25) {
                // no dispatcher types before Servlet 3.0: no asynchronous requests either
            }
            if (attached == Recorder.ASYNC) {
                return attached;
            }
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED && request instanceof jakarta.servlet.http.HttpServletRequest) {
                jakarta.servlet.http.HttpServletRequest http = (jakarta.servlet.http.HttpServletRequest) request;
                String action = http.getHeader("SOAPAction");
                Naming.nameFromHttp(http.getMethod(), http.getQueryString(), action,
                        Naming.needsContentType(action) ? http.getContentType() : null, http.getServletPath());
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(0) Object request, @Advice.Argument(1) Object response,
                         @Advice.Thrown Throwable thrown) {
            int status = response instanceof jakarta.servlet.http.HttpServletResponse
                    ? ((jakarta.servlet.http.HttpServletResponse) response).getStatus() : 0;
            if (token == Recorder.ASYNC) {
                jakarta.servlet.ServletRequest r = (jakarta.servlet.ServletRequest) request;
                if (!r.isAsyncStarted()) { // the dispatch answered: the request is complete
                    AsyncRequests.asyncComplete(r.getAttribute(Recorder.ASYNC_ATTRIBUTE), status);
                }
                AsyncRequests.asyncRelease(token);
                return;
            }
            Recorder.requestEnd(token, status, thrown != null);
        }
    }

    static final class Javax {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object request) {
            int attached = Recorder.NOT_COUNTED;
            try {
                if (((javax.servlet.ServletRequest) request).getDispatcherType() == javax.servlet.DispatcherType.ASYNC) {
                    // an asynchronous request dispatched back: its work here is that request's
                    attached = AsyncRequests.asyncAttach(((javax.servlet.ServletRequest) request)
                            .getAttribute(Recorder.ASYNC_ATTRIBUTE));
                }
            } catch (Throwable servlet25) {
                // no dispatcher types before Servlet 3.0: no asynchronous requests either
            }
            if (attached == Recorder.ASYNC) {
                return attached;
            }
            int token = Recorder.requestStart();
            if (token == Recorder.OPENED && request instanceof javax.servlet.http.HttpServletRequest) {
                javax.servlet.http.HttpServletRequest http = (javax.servlet.http.HttpServletRequest) request;
                String action = http.getHeader("SOAPAction");
                Naming.nameFromHttp(http.getMethod(), http.getQueryString(), action,
                        Naming.needsContentType(action) ? http.getContentType() : null, http.getServletPath());
            }
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Argument(0) Object request, @Advice.Argument(1) Object response,
                         @Advice.Thrown Throwable thrown) {
            int status = response instanceof javax.servlet.http.HttpServletResponse
                    ? ((javax.servlet.http.HttpServletResponse) response).getStatus() : 0;
            if (token == Recorder.ASYNC) {
                javax.servlet.ServletRequest r = (javax.servlet.ServletRequest) request;
                if (!r.isAsyncStarted()) { // the dispatch answered: the request is complete
                    AsyncRequests.asyncComplete(r.getAttribute(Recorder.ASYNC_ATTRIBUTE), status);
                }
                AsyncRequests.asyncRelease(token);
                return;
            }
            Recorder.requestEnd(token, status, thrown != null);
        }
    }
}
