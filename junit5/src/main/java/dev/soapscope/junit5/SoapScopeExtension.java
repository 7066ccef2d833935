package dev.soapscope.junit5;

import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens a {@link Window} on the recorder around each test's body (not its {@code @BeforeEach}, so a client built
 * there is set-up, not a per-call cost), then checks the class's and the method's {@code @Expect...} limits against
 * what that test alone saw. Per test, whatever the recorder counted before: a Spring context cached across classes
 * keeps serving, and its earlier requests are not this test's.
 */
public final class SoapScopeExtension implements BeforeTestExecutionCallback, AfterTestExecutionCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SoapScopeExtension.class);

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        List<Limit> limits = limits(context); // a mistyped kind or phase fails before the test runs
        SoapScope.requireAttached();
        Window w = Window.open();
        context.getStore(NAMESPACE).put(Window.class, w);
        context.getStore(NAMESPACE).put(Limit.class, limits);
        SoapScope.open(w);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) throws Exception {
        Window w = context.getStore(NAMESPACE).remove(Window.class, Window.class);
        if (w == null) {
            return;
        }
        SoapScope.closed(w);
        Recording r = w.close();
        context.publishReportEntry("soapscope", r.summary());
        if (context.getExecutionException().isPresent()) {
            return; // the test's own failure says more
        }
        @SuppressWarnings("unchecked")
        List<Limit> limits = context.getStore(NAMESPACE).remove(Limit.class, List.class);
        String failure = Verdict.of(limits, r, context.getRequiredTestClass().getSimpleName() + "."
                + context.getRequiredTestMethod().getName() + "()");
        if (failure != null) {
            AssertionError e = new AssertionError(failure);
            e.setStackTrace(new StackTraceElement[0]); // the extension's frames say nothing about the test
            throw e;
        }
    }

    /**
     * The limits on the test method, its class (and the classes it extends: the annotations are inherited) and, for a
     * {@code @Nested} class, the classes it is nested in: a nested test never runs unchecked under its outer limits.
     */
    private static List<Limit> limits(ExtensionContext context) {
        List<Limit> limits = new ArrayList<Limit>();
        for (Class<?> c = context.getRequiredTestClass(); c != null;
                c = c.isMemberClass() && !Modifier.isStatic(c.getModifiers()) ? c.getEnclosingClass() : null) {
            addLimits(c, limits);
        }
        addLimits(context.getRequiredTestMethod(), limits);
        return limits;
    }

    private static void addLimits(AnnotatedElement element, List<Limit> limits) {
        for (ExpectHotSpots e : AnnotationSupport.findRepeatableAnnotations(element, ExpectHotSpots.class)) {
            both(e, e.perRequest(), e.perCall());
            if (e.perRequest() >= 0) {
                limits.add(Limit.hotSpots(e.kind(), Side.REQUESTS, e.perRequest(), e.operation()));
            }
            if (e.perCall() >= 0) {
                limits.add(Limit.hotSpots(e.kind(), Side.CALLS, e.perCall(), e.operation()));
            }
        }
        for (ExpectPhaseAllocation e : AnnotationSupport.findRepeatableAnnotations(element, ExpectPhaseAllocation.class)) {
            both(e, e.perRequest(), e.perCall());
            if (e.perRequest() >= 0) {
                limits.add(Limit.phaseAllocation(e.phase(), Side.REQUESTS, e.perRequest(), e.operation()));
            }
            if (e.perCall() >= 0) {
                limits.add(Limit.phaseAllocation(e.phase(), Side.CALLS, e.perCall(), e.operation()));
            }
        }
        for (ExpectPhaseShare e : AnnotationSupport.findRepeatableAnnotations(element, ExpectPhaseShare.class)) {
            both(e, e.ofRequests(), e.ofCalls());
            if (e.ofRequests() >= 0) {
                limits.add(Limit.phaseShare(e.phase(), Side.REQUESTS, e.ofRequests(), e.operation()));
            }
            if (e.ofCalls() >= 0) {
                limits.add(Limit.phaseShare(e.phase(), Side.CALLS, e.ofCalls(), e.operation()));
            }
        }
    }

    /** An annotation that limits neither side is a mistake, not a pass. */
    private static void both(Object annotation, double requests, double calls) {
        if (requests < 0 && calls < 0) {
            throw new IllegalArgumentException(annotation + " sets no limit: give it one for requests or calls");
        }
    }
}
