package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Recorder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.nio.ByteBuffer;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Request and response body streams: every {@code ServletInputStream} and {@code ServletOutputStream} subtype
 * (the container's, and any wrapper an application or framework adds). Time blocked reading lands in
 * {@code transport.read}, writing in {@code transport.write}; bytes and read calls are counted, and each
 * single-byte {@code read()} is a {@code stream.single_byte_read} event. Nested calls (a wrapper around the
 * container's stream, read(byte[]) calling read(byte[],int,int)) count once, at the outermost stream.
 */
final class ServletStreamProbe implements Probe {
    static final ServletStreamProbe JAKARTA = new ServletStreamProbe("jakarta");
    static final ServletStreamProbe JAVAX = new ServletStreamProbe("javax");

    private final String namespace;
    private final ElementMatcher<? super ClassLoader> loaders;

    private ServletStreamProbe(String namespace) {
        this.namespace = namespace;
        this.loaders = SeesType.anyOf(namespace + ".servlet.ServletInputStream");
    }

    @Override
    public String name() {
        return "streams." + namespace;
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return loaders;
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return not(isInterface()).and(hasSuperType(named(namespace + ".servlet.ServletInputStream")
                .or(named(namespace + ".servlet.ServletOutputStream"))));
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public AgentBuilder.Transformer transformer() {
        String input = namespace + ".servlet.ServletInputStream";
        String output = namespace + ".servlet.ServletOutputStream";
        return Advices.plain()
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(0)).and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "SingleByteRead"))
                .advice(not(isAbstract()).and(named("read").or(named("readLine"))).and(returns(int.class))
                                .and(takesArguments(3).or(takesArguments(1).and(takesArgument(0, byte[].class))))
                                .and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "BulkRead"))
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(1)).and(takesArgument(0, ByteBuffer.class))
                                .and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "BulkRead"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, int.class))
                                .and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "SingleByteWrite"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(3)).and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "RangeWrite"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, byte[].class))
                                .and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "ArrayWrite"));
    }

    /** Methods of types that are, or extend, the given servlet stream class: keeps input advice off output streams. */
    private static ElementMatcher.Junction<net.bytebuddy.description.method.MethodDescription> isDeclaredBelow(String streamClass) {
        return net.bytebuddy.matcher.ElementMatchers.isDeclaredBy(hasSuperType(named(streamClass)));
    }

    static final class SingleByteRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.readStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.This Object stream, @Advice.Return int value, @Advice.Thrown Throwable thrown) {
            Recorder.readEnd(thrown != null || value < 0 ? -1 : 1, true, stream.getClass().getName());
        }
    }

    static final class BulkRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.readStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Return int read, @Advice.Thrown Throwable thrown) {
            Recorder.readEnd(thrown != null ? -1 : read, false, null);
        }
    }

    static final class SingleByteWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.writeStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown) {
            Recorder.writeEnd(thrown != null ? 0 : 1);
        }
    }

    static final class RangeWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.writeStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Argument(2) int length, @Advice.Thrown Throwable thrown) {
            Recorder.writeEnd(thrown != null ? 0 : length);
        }
    }

    static final class ArrayWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Recorder.writeStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Argument(0) byte[] bytes, @Advice.Thrown Throwable thrown) {
            Recorder.writeEnd(thrown != null || bytes == null ? 0 : bytes.length);
        }
    }
}
