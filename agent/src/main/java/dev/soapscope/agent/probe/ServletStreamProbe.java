package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Streams;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

import java.nio.ByteBuffer;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Set;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Request and response bodies: every {@code ServletInputStream} and {@code ServletOutputStream} subtype
 * (the container's, and any wrapper an application or framework adds), and the reader and writer a request's
 * {@code getReader()} and a response's {@code getWriter()} hand out (Tomcat's never touch its streams). Time
 * blocked reading lands in {@code transport.read}, writing, flushing and closing in {@code transport.write}
 * (Tomcat writes small responses to the socket in {@code flush()}/{@code close()}, and a response's
 * {@code flushBuffer()}); bytes and read calls are
 * counted, chars as bytes in the body's encoding ({@code CharBytes}), and each single-byte {@code read()} is a
 * {@code stream.single_byte_read} event. Nested calls (a wrapper around the container's stream, read(byte[])
 * calling read(byte[],int,int), Jetty's writer writing into its stream) count once, at the outermost.
 */
final class ServletStreamProbe implements Probe {
    static final ServletStreamProbe JAKARTA = new ServletStreamProbe("jakarta");
    static final ServletStreamProbe JAVAX = new ServletStreamProbe("javax");
    /** What {@code getWriter()} and {@code getReader()} return: only the instances they returned are measured. */
    private static final String WRITER = "java.io.PrintWriter";
    private static final String READER = "java.io.BufferedReader";

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
        return Supertypes.belowAny(namespace + ".servlet.ServletInputStream",
                namespace + ".servlet.ServletOutputStream", namespace + ".servlet.ServletRequest",
                namespace + ".servlet.ServletResponse", WRITER, READER).and(not(isInterface()));
    }

    /**
     * Classes of the loaders that see the servlet API, and the JDK's own {@code PrintWriter} and
     * {@code BufferedReader}, which the containers' writers and readers extend: of the bootstrap loader's classes,
     * only those two are asked about by name, not every JDK class by its hierarchy.
     */
    @Override
    public AgentBuilder.RawMatcher matcher() {
        final AgentBuilder.RawMatcher servlet = new AgentBuilder.RawMatcher.ForElementMatchers(types(), loaders);
        final ElementMatcher<net.bytebuddy.description.type.TypeDescription> jdk = namedOneOf(WRITER, READER);
        return new AgentBuilder.RawMatcher() {
            @Override
            public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> redefined,
                                   ProtectionDomain domain) {
                return loader == null && jdk.matches(type) || servlet.matches(type, loader, module, redefined, domain);
            }
        };
    }

    @Override
    public Set<String> classNames(ClassLoader loader) {
        Set<String> names = new HashSet<String>();
        if (loader == null) {
            names.add(WRITER);
            names.add(READER);
        }
        if (loaders.matches(loader)) {
            Set<String> servlet = MatcherNames.classNames(types());
            if (servlet == null) {
                return null; // the servlet API's streams are matched by their supertypes
            }
            names.addAll(servlet);
        }
        return names;
    }

    @Override
    public boolean mayMatchClassesOf(ClassLoader loader) {
        return loader == null || loaders.matches(loader);
    }

    @Override
    public void prepare() {
        // nothing to register
    }

    @Override
    public Weaving weaving() {
        String input = namespace + ".servlet.ServletInputStream";
        String output = namespace + ".servlet.ServletOutputStream";
        return Advices.plain()
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(0)).and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "SingleByteRead"))
                .advice(not(isAbstract()).and(named("read").or(named("readLine"))).and(returns(type(int.class)))
                                .and(takesArguments(3).or(takesArguments(1).and(takesArgument(0, type(byte[].class)))))
                                .and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "BulkRead"))
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(1)).and(takesArgument(0, type(ByteBuffer.class)))
                                .and(isDeclaredBelow(input)),
                        Advices.nested(ServletStreamProbe.class, "BulkRead"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, type(int.class)))
                                .and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "SingleByteWrite"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(3)).and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "RangeWrite"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, type(byte[].class)))
                                .and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "ArrayWrite"))
                .advice(not(isAbstract()).and(named("flush").or(named("close"))).and(takesArguments(0))
                                .and(isDeclaredBelow(output)),
                        Advices.nested(ServletStreamProbe.class, "Flush"))
                .advice(not(isAbstract()).and(named("flushBuffer")).and(takesArguments(0))
                                .and(isDeclaredBelow(namespace + ".servlet.ServletResponse")),
                        Advices.nested(ServletStreamProbe.class, "Flush"))
                .advice(not(isAbstract()).and(named("getWriter")).and(takesArguments(0))
                                .and(isDeclaredBelow(namespace + ".servlet.ServletResponse")),
                        Advices.nested(ServletStreamProbe.class, "jakarta".equals(namespace) ? "JakartaWriter" : "JavaxWriter"))
                .advice(not(isAbstract()).and(named("getReader")).and(takesArguments(0))
                                .and(isDeclaredBelow(namespace + ".servlet.ServletRequest")),
                        Advices.nested(ServletStreamProbe.class, "jakarta".equals(namespace) ? "JakartaReader" : "JavaxReader"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, type(int.class)))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriteChar"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(3)).and(takesArgument(0, type(char[].class)))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriteChars"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, type(char[].class)))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriteCharArray"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(3)).and(takesArgument(0, type(String.class)))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriteStringRange"))
                .advice(not(isAbstract()).and(named("write")).and(takesArguments(1)).and(takesArgument(0, type(String.class)))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriteString"))
                .advice(not(isAbstract()).and(named("flush").or(named("close"))).and(takesArguments(0))
                                .and(isDeclaredBelow(WRITER)),
                        Advices.nested(ServletStreamProbe.class, "WriterFlush"))
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(0)).and(isDeclaredBelow(READER)),
                        Advices.nested(ServletStreamProbe.class, "ReadChar"))
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(3)).and(takesArgument(0, type(char[].class)))
                                .and(isDeclaredBelow(READER)),
                        Advices.nested(ServletStreamProbe.class, "ReadChars"))
                .advice(not(isAbstract()).and(named("read")).and(takesArguments(1)).and(takesArgument(0, type(char[].class)))
                                .and(isDeclaredBelow(READER)),
                        Advices.nested(ServletStreamProbe.class, "ReadCharArray"))
                .advice(not(isAbstract()).and(named("readLine")).and(takesArguments(0)).and(isDeclaredBelow(READER)),
                        Advices.nested(ServletStreamProbe.class, "ReadLine"));
    }

    /** Methods of types that are, or extend, the given servlet stream class: keeps input advice off output streams. */
    private static ElementMatcher.Junction<net.bytebuddy.description.method.MethodDescription> isDeclaredBelow(String streamClass) {
        return net.bytebuddy.matcher.ElementMatchers.isDeclaredBy(Supertypes.belowAny(streamClass));
    }

    static final class SingleByteRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Streams.enterRead();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object recording, @Advice.This Object stream, @Advice.Return int value,
                @Advice.Thrown Throwable thrown) {
            Streams.readEnd(recording, thrown != null || value < 0 ? -1 : 1, true, stream.getClass().getName());
        }
    }

    static final class BulkRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Streams.enterRead();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object recording, @Advice.Return int read, @Advice.Thrown Throwable thrown) {
            Streams.readEnd(recording, thrown != null ? -1 : read, false, null);
        }
    }

    static final class SingleByteWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Streams.enterWrite();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object recording, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(recording, thrown != null ? 0 : 1);
        }
    }

    static final class RangeWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Streams.enterWrite();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object recording, @Advice.Argument(2) int length, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(recording, thrown != null ? 0 : length);
        }
    }

    static final class ArrayWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Streams.enterWrite();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object recording, @Advice.Argument(0) byte[] bytes, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(recording, thrown != null || bytes == null ? 0 : bytes.length);
        }
    }

    static final class Flush {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.flushStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Streams.writeEnd(started, 0);
        }
    }

    /** The writer and reader the container hands out: typed Object, the casts resolve in the server's loader. */
    static final class JakartaWriter {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object response, @Advice.Return Object writer) {
            Streams.responseWriter(writer, ((jakarta.servlet.ServletResponse) response).getCharacterEncoding());
        }
    }

    static final class JavaxWriter {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object response, @Advice.Return Object writer) {
            Streams.responseWriter(writer, ((javax.servlet.ServletResponse) response).getCharacterEncoding());
        }
    }

    static final class JakartaReader {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object request, @Advice.Return Object reader) {
            Streams.requestReader(reader, ((jakarta.servlet.ServletRequest) request).getCharacterEncoding());
        }
    }

    static final class JavaxReader {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object request, @Advice.Return Object reader) {
            Streams.requestReader(reader, ((javax.servlet.ServletRequest) request).getCharacterEncoding());
        }
    }

    // Writer and reader calls are measured only on the instances getWriter()/getReader() returned in the request.

    static final class WriteChar {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) int c, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, started && thrown == null ? Streams.writtenBytes(c) : 0);
        }
    }

    static final class WriteChars {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) char[] c, @Advice.Argument(1) int off,
                         @Advice.Argument(2) int len, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, started && thrown == null ? Streams.writtenBytes(c, off, len) : 0);
        }
    }

    static final class WriteCharArray {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) char[] c, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, started && thrown == null && c != null ? Streams.writtenBytes(c, 0, c.length) : 0);
        }
    }

    static final class WriteStringRange {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) String s, @Advice.Argument(1) int off,
                         @Advice.Argument(2) int len, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, started && thrown == null ? Streams.writtenBytes(s, off, len) : 0);
        }
    }

    static final class WriteString {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) String s, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, started && thrown == null && s != null ? Streams.writtenBytes(s, 0, s.length()) : 0);
        }
    }

    static final class WriterFlush {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object writer) {
            return Streams.writerStart(writer);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Streams.writeEnd(started, 0);
        }
    }

    static final class ReadChar {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object reader) {
            return Streams.readerStart(reader);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Return int c, @Advice.Thrown Throwable thrown) {
            Streams.readerEnd(started, started && thrown == null ? Streams.readBytes(c) : -1);
        }
    }

    static final class ReadChars {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object reader) {
            return Streams.readerStart(reader);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) char[] c, @Advice.Argument(1) int off,
                         @Advice.Return int n, @Advice.Thrown Throwable thrown) {
            Streams.readerEnd(started, started && thrown == null ? Streams.readBytes(c, off, n) : -1);
        }
    }

    static final class ReadCharArray {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object reader) {
            return Streams.readerStart(reader);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(0) char[] c, @Advice.Return int n,
                         @Advice.Thrown Throwable thrown) {
            Streams.readerEnd(started, started && thrown == null ? Streams.readBytes(c, 0, n) : -1);
        }
    }

    /** The line's bytes and one for its line end (CR LF counts one: the line does not say which it had). */
    static final class ReadLine {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.This Object reader) {
            return Streams.readerStart(reader);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Return String line, @Advice.Thrown Throwable thrown) {
            Streams.readerEnd(started, !started || thrown != null || line == null ? -1
                    : Streams.readBytes(line, 0, line.length()) + 1);
        }
    }
}
