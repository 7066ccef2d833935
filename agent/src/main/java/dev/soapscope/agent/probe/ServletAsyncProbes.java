package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.AsyncRequests;
import net.bytebuddy.asm.Advice;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Asynchronous servlet requests (javax and jakarta): {@code startAsync} gives the request a handle, kept in a request
 * attribute ({@link Recorder#ASYNC_ATTRIBUTE}); {@code AsyncContext.start} wraps its task so that the task's work is
 * the request's, on whatever thread runs it; {@code AsyncContext.complete} ends the request. The servlet probe does
 * the rest: it hands the request over when its first {@code service()} returns, and attaches an ASYNC dispatch to it.
 */
final class ServletAsyncProbes {
    static final StackProbe JAKARTA = probe("jakarta", "Jakarta");
    static final StackProbe JAVAX = probe("javax", "Javax");

    private ServletAsyncProbes() {
    }

    private static StackProbe probe(String namespace, String advice) {
        return new StackProbe("servlet-async." + namespace,
                Rule.advised(Rule.below(namespace + ".servlet.ServletRequest"), named("startAsync"),
                        ServletAsyncProbes.class, advice + "StartAsync"),
                Rule.advised(Rule.below(namespace + ".servlet.AsyncContext"),
                        named("start").and(takesArguments(1)).and(takesArgument(0, type(Runnable.class))),
                        ServletAsyncProbes.class, advice + "Start"),
                Rule.advised(Rule.below(namespace + ".servlet.AsyncContext"), named("complete").and(takesArguments(0)),
                        ServletAsyncProbes.class, advice + "Complete"))
                .loadedBy(SeesType.anyOf(namespace + ".servlet.AsyncContext"));
    }

    static final class JakartaStartAsync {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object request) {
            Object handle = AsyncRequests.asyncStarted();
            if (handle != null) {
                ((jakarta.servlet.ServletRequest) request).setAttribute(Recorder.ASYNC_ATTRIBUTE, handle);
            }
        }
    }

    static final class JakartaStart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object context, @Advice.Argument(value = 0, readOnly = false) Runnable task) {
            task = AsyncRequests.asyncTask(((jakarta.servlet.AsyncContext) context).getRequest()
                    .getAttribute(Recorder.ASYNC_ATTRIBUTE), task);
        }
    }

    static final class JakartaComplete {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object context) {
            jakarta.servlet.AsyncContext c = (jakarta.servlet.AsyncContext) context;
            Object response = c.getResponse();
            AsyncRequests.asyncComplete(c.getRequest().getAttribute(Recorder.ASYNC_ATTRIBUTE),
                    response instanceof jakarta.servlet.http.HttpServletResponse
                            ? ((jakarta.servlet.http.HttpServletResponse) response).getStatus() : 0);
        }
    }

    static final class JavaxStartAsync {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object request) {
            Object handle = AsyncRequests.asyncStarted();
            if (handle != null) {
                ((javax.servlet.ServletRequest) request).setAttribute(Recorder.ASYNC_ATTRIBUTE, handle);
            }
        }
    }

    static final class JavaxStart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object context, @Advice.Argument(value = 0, readOnly = false) Runnable task) {
            task = AsyncRequests.asyncTask(((javax.servlet.AsyncContext) context).getRequest()
                    .getAttribute(Recorder.ASYNC_ATTRIBUTE), task);
        }
    }

    static final class JavaxComplete {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object context) {
            javax.servlet.AsyncContext c = (javax.servlet.AsyncContext) context;
            Object response = c.getResponse();
            AsyncRequests.asyncComplete(c.getRequest().getAttribute(Recorder.ASYNC_ATTRIBUTE),
                    response instanceof javax.servlet.http.HttpServletResponse
                            ? ((javax.servlet.http.HttpServletResponse) response).getStatus() : 0);
        }
    }
}
