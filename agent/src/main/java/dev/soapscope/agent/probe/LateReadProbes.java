package dev.soapscope.agent.probe;

import dev.soapscope.recorder.LateReads;
import dev.soapscope.recorder.Stack;
import net.bytebuddy.asm.Advice;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * MIME parsers that read a call's answer lazily: a client's MTOM attachment is read when the application reads its
 * {@code DataHandler}, after the call returned. The parser made inside the call is kept ({@link LateReads#keep}) and
 * its later reads on the caller's thread are the call's ({@link LateReads}). CXF's own deserializer is in
 * {@link CxfProbes}; these are mimepull's (Metro's client, SAAJ's) and Axiom's (Axis2's client, Spring-WS with
 * Axiom). Inside a call or request they do nothing.
 */
final class LateReadProbes {
    private static final String MIMEPULL_MESSAGE = "org.jvnet.mimepull.MIMEMessage";
    private static final String AXIOM_BODY = "org.apache.axiom.mime.MultipartBody";

    /** mimepull: every part's data comes from {@code MIMEMessage.makeProgress()}, which parses the next chunk. */
    static final StackProbe MIMEPULL = new StackProbe("mimepull",
            Rule.advised(named(MIMEPULL_MESSAGE), isConstructor(), LateReadProbes.class, "MadeInCall"),
            Rule.advised(named(MIMEPULL_MESSAGE), named("makeProgress").and(takesArguments(0)),
                    LateReadProbes.class, "ProgressOfThis"),
            // a part's stream stops asking the message once the part is parsed: its end, or close, ends the reads
            Rule.advised(named("org.jvnet.mimepull.DataHead$ReadMultiStream"), named("read"),
                    LateReadProbes.class, "StreamRead"),
            Rule.advised(named("org.jvnet.mimepull.DataHead$ReadMultiStream"), named("close"),
                    LateReadProbes.class, "StreamClosed"))
            // no stack of its own: mimepull serves Metro and SAAJ alike, whose own probes say which one is there
            .loadedBy(SeesType.anyOf(MIMEPULL_MESSAGE));

    /**
     * Axiom 1.3 and 2 ({@code axiom-api}): moving to the next part reads the rest of the one before, and a part's
     * content is read whole when first asked for ({@code PartImpl.fetch}). A part read as a stream without being
     * kept ({@code PartInputStream} over the wire) is not followed.
     */
    static final StackProbe AXIOM = new StackProbe("axiom-mime",
            Rule.advised(named(AXIOM_BODY), isConstructor(), LateReadProbes.class, "MadeInCall"),
            Rule.advised(named(AXIOM_BODY), named("getNextPart").and(takesArguments(0)),
                    LateReadProbes.class, "ReadOfThis"),
            Rule.advised(named("org.apache.axiom.mime.PartImpl"), named("fetch").and(takesArguments(0)),
                    LateReadProbes.class, "PartFetched"))
            .loadedBy(SeesType.anyOf(AXIOM_BODY)).seenAs(Stack.AXIOM);

    private LateReadProbes() {
    }

    /** A parser made inside a call reads its answer's attachments, whenever the application reads them. */
    static final class MadeInCall {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object parser) {
            LateReads.keep(parser);
        }
    }

    /** A read by the parser itself: the call's, after it returned. */
    static final class ReadOfThis {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object parser) {
            return LateReads.readStart(parser);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            LateReads.readEnd(token, false);
        }
    }

    /** mimepull's next chunk; {@code false}: the message was read to its end, so the reads are recorded now. */
    static final class ProgressOfThis {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.This Object parser) {
            return LateReads.readStart(parser);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Return boolean progressed) {
            LateReads.readEnd(token, !progressed);
        }
    }

    /** A read of a part's stream: {@code -1}, its end, records the call's reads so far. */
    static final class StreamRead {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return int read) {
            if (read < 0) {
                LateReads.attachmentEnded();
            }
        }
    }

    /** A part's stream closed: the call's reads so far are recorded. */
    static final class StreamClosed {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            LateReads.attachmentEnded();
        }
    }

    /** An Axiom part read whole from the wire: that part's reads are recorded now. */
    static final class PartFetched {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("message") Object parser) {
            return LateReads.readStart(parser);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token) {
            LateReads.readEnd(token, true);
        }
    }
}
