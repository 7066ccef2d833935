package dev.soapscope.agent.probe;

import dev.soapscope.recorder.PortGuard;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Every server-socket bind in the JVM asks {@link PortGuard} first, so that the endpoint gives up a port the
 * application binds. {@code sun.nio.ch.Net#bind} is where NIO channels (Tomcat, Jetty, Undertow) and, from JDK 13,
 * {@code ServerSocket} bind; {@code ServerSocket#bind} covers blocking sockets on JDK 8 to 12.
 */
final class PortGuardProbe implements Probe {
    static final PortGuardProbe INSTANCE = new PortGuardProbe();

    private PortGuardProbe() {
    }

    @Override
    public String name() {
        return "port-guard";
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return namedOneOf("sun.nio.ch.Net", "java.net.ServerSocket");
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return any();
    }

    @Override
    public Weaving weaving() {
        return Advices.plain().advice(named("bind").and(isStatic()).and(takesArguments(3).or(takesArguments(4)))
                        .and(isDeclaredBy(named("sun.nio.ch.Net"))), Advices.nested(PortGuardProbe.class, "BeforeBind"))
                .advice(named("bind").and(not(isStatic())).and(takesArguments(2)).and(isDeclaredBy(named("java.net.ServerSocket"))),
                        Advices.nested(PortGuardProbe.class, "BeforeBind"));
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    static final class BeforeBind {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.AllArguments Object[] args) {
            PortGuard.beforeBind(args);
        }
    }
}
