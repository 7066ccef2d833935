package dev.soapscope.agent.probe;

import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.Streams;
import net.bytebuddy.asm.Advice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The advice behind each kind of {@link Rule}. Inlined into the target; never loaded by the agent. */
final class RuleAdvice {
    private RuleAdvice() {
    }

    /** Bound to a {@code Phase} ordinal. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface PhaseValue {
    }

    /** Bound to a {@code HotSpotKind} ordinal. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface KindValue {
    }

    /** Bound to a hot-spot site name. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface SiteValue {
    }

    static final class InPhase {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@PhaseValue int phase) {
            Recorder.enter(phase);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@PhaseValue int phase) {
            Recorder.exit(phase);
        }
    }

    static final class InPhaseInRequest {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@PhaseValue int phase) {
            Recorder.enterInRequest(phase);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@PhaseValue int phase) {
            Recorder.exit(phase);
        }
    }

    static final class InPhaseInCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@PhaseValue int phase) {
            return Calls.enterInCall(phase);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean entered, @PhaseValue int phase) {
            Calls.exitInCall(entered, phase);
        }
    }

    static final class CallAtMethod {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@KindValue int kind) {
            HotSpots.callStart(kind);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@KindValue int kind, @Advice.Origin("#t.#m") String site) {
            HotSpots.callEnd(kind, site);
        }
    }

    /** No enter advice and no onThrowable: a constructor's code before and around its super call is left alone. */
    static final class CreatedOfType {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@KindValue int kind, @Advice.Origin("#t") String type) {
            HotSpots.hotspot(kind, type);
        }
    }

    static final class CallAtSite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@KindValue int kind) {
            HotSpots.callStart(kind);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@KindValue int kind, @SiteValue String site) {
            HotSpots.callEnd(kind, site);
        }
    }

    /** Exit only, like {@link CreatedOfType}, at a named site: what was built. */
    static final class CreatedAtSite {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@KindValue int kind, @SiteValue String site) {
            HotSpots.hotspot(kind, site);
        }
    }

    static final class CreatedOnceCalling {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@KindValue int kind, @SiteValue String site) {
            HotSpots.hotspotOnceCalling(kind, site);
        }
    }

    /** A SOAP call's boundary: the outermost one counts the call; what it threw tells the outcome. */
    static final class ClientCall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            return Calls.clientStart();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }

    /** A SOAP call's boundary whose first argument is the endpoint address (a String or URI): the call's peer. */
    static final class ClientCallToAddress {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object address) {
            int token = Calls.clientStart();
            Calls.clientPeer(address == null ? null : address.toString()); // never throws: the token comes back
            return token;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int token, @Advice.Thrown Throwable thrown) {
            Calls.clientEnd(token, thrown);
        }
    }

    static final class ByteReadInPhase {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@PhaseValue int phase) {
            return Streams.byteReadStartIn(phase);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object counted, @SiteValue String site) {
            Streams.byteReadEnd(counted, site);
        }
    }

    static final class NameFromReturn {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return Object name) {
            if (name != null) {
                Naming.nameRequest(NameSource.STACK, name.toString());
            }
        }
    }
}
