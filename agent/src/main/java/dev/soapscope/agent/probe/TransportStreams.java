package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Request and response bodies of the transports that serve SOAP without a servlet container ({@link
 * ServerEntryProbes}): reading the request is {@code transport.read}, the status line, headers and body
 * {@code transport.write}, with bytes counted as on a servlet's streams. These streams also carry what is no SOAP
 * request (anything else the JDK's HTTP server serves), so they are measured only inside a request.
 */
final class TransportStreams {
    /** The JDK's HTTP server: the request body's streams extend this one. */
    private static final String JDK_REQUEST_BODY = "sun.net.httpserver.LeftOverInputStream";
    private static final String[] JDK_RESPONSE_BODIES = {"sun.net.httpserver.FixedLengthOutputStream",
        "sun.net.httpserver.ChunkedOutputStream", "sun.net.httpserver.UndefLengthOutputStream"};

    private static final String[] AXIS2_READ_BUFFERS = {"org.apache.http.impl.io.AbstractSessionInputBuffer",
        "org.apache.http.impl.io.SocketInputBuffer"};
    private static final String[] AXIS2_WRITE_BUFFERS = {"org.apache.http.impl.io.AbstractSessionOutputBuffer",
        "org.apache.http.impl.io.SocketOutputBuffer"};

    static final StackProbe JDK_HTTP = new StackProbe("transport-streams.jdk-http",
            Rule.advised(named(JDK_REQUEST_BODY), named("read").and(takesArguments(0)),
                    TransportStreams.class, "SingleByteRead"),
            Rule.advised(named(JDK_REQUEST_BODY), named("read").and(takesArguments(3)),
                    TransportStreams.class, "RangeRead"),
            Rule.advised(named("sun.net.httpserver.ExchangeImpl"), named("sendResponseHeaders").and(takesArguments(2)),
                    TransportStreams.class, "Write"),
            Rule.advised(namedOneOf(JDK_RESPONSE_BODIES), named("write").and(takesArguments(1))
                    .and(takesArgument(0, type(int.class))), TransportStreams.class, "SingleByteWrite"),
            Rule.advised(namedOneOf(JDK_RESPONSE_BODIES), named("write").and(takesArguments(3)),
                    TransportStreams.class, "RangeWrite"),
            Rule.advised(namedOneOf(JDK_RESPONSE_BODIES), namedOneOf("flush", "close").and(takesArguments(0)),
                    TransportStreams.class, "Write"))
            .loadedBy(jdkLoaders());

    /**
     * Axis2's own HTTP server reads and writes through HttpCore 4's session buffers, which only its connection uses
     * (HttpClient 4.3 and later have their own), asked only of loaders that see that connection: body bytes where
     * the body passes ({@code read}, {@code write}), time only where heads, chunk lines and flushes do.
     */
    static final StackProbe AXIS2_HTTP = new StackProbe("transport-streams.axis2-http",
            Rule.advised(namedOneOf(AXIS2_READ_BUFFERS), named("read").and(takesArguments(0)),
                    TransportStreams.class, "SingleByteRead"),
            Rule.advised(namedOneOf(AXIS2_READ_BUFFERS), named("read").and(takesArguments(3)),
                    TransportStreams.class, "RangeRead"),
            Rule.advised(namedOneOf(AXIS2_READ_BUFFERS), named("readLine"), TransportStreams.class, "Read"),
            Rule.advised(namedOneOf(AXIS2_READ_BUFFERS), named("fillBuffer"), TransportStreams.class, "Refill"),
            Rule.advised(namedOneOf(AXIS2_WRITE_BUFFERS), named("write").and(takesArguments(1))
                    .and(takesArgument(0, type(int.class))), TransportStreams.class, "SingleByteWrite"),
            Rule.advised(namedOneOf(AXIS2_WRITE_BUFFERS), named("write").and(takesArguments(3)),
                    TransportStreams.class, "RangeWrite"),
            Rule.advised(namedOneOf(AXIS2_WRITE_BUFFERS), namedOneOf("writeLine", "flush", "flushBuffer"),
                    TransportStreams.class, "Write"))
            .loadedBy(SeesType.anyOf(ServerEntryProbes.AXIS2_HTTP_CONNECTION));

    private TransportStreams() {
    }

    /** The JDK's own modules' loaders: the bootstrap and the platform class loaders (java.net.http, jdk.httpserver). */
    static ElementMatcher<ClassLoader> jdkLoaders() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        final ClassLoader platform = system == null ? null : system.getParent();
        return new ElementMatcher<ClassLoader>() {
            @Override
            public boolean matches(ClassLoader loader) {
                return loader == null || loader == platform;
            }
        };
    }

    static final class SingleByteRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.readStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.This Object stream, @Advice.Return int value,
                         @Advice.Thrown Throwable thrown) {
            Streams.readEnd(started, thrown != null || value < 0 ? -1 : 1, true, stream.getClass().getName());
        }
    }

    static final class RangeRead {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.readStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Return int read, @Advice.Thrown Throwable thrown) {
            Streams.readEnd(started, thrown != null ? -1 : read, false, null);
        }
    }

    /** A request head or a buffer's refill: time reading, no body bytes. */
    static final class Read {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.readStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Streams.readEnd(started, 0, false, null);
        }
    }

    /** A session buffer's refill from the socket: time reading; its first bytes may open an awaited request. */
    static final class Refill {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.readStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Return int read, @Advice.Thrown Throwable thrown) {
            Streams.readEnd(started, 0, false, null);
            Recorder.headArrived(thrown != null ? -1 : read);
        }
    }

    /** Headers, a flush or a close: time writing, no body bytes. */
    static final class Write {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.writeStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started) {
            Streams.writeEnd(started, 0);
        }
    }

    static final class SingleByteWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.writeStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, thrown != null ? 0 : 1);
        }
    }

    static final class RangeWrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            return Streams.writeStartInRequest();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean started, @Advice.Argument(2) int length, @Advice.Thrown Throwable thrown) {
            Streams.writeEnd(started, thrown != null ? 0 : length);
        }
    }
}
