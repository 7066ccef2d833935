package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Stack;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;

/**
 * Apache Rampart 1.7 (WS-Security for Axis2 1.7, over WSS4J 1.6). Its handlers run in Axis2's Security phases (already
 * {@code security}) and, for the post-dispatch check, in the Dispatch phase: the engine and every Rampart handler are
 * {@code security} wherever they run. Its crypto loads are WSS4J's ({@link Wss4jProbes}).
 *
 * <p>WSS4J works on DOM, Axis2 on Axiom's OM: a secured inbound message goes OM -> StAX reader -> DOOM (Axiom's DOM
 * implementation) in {@code RampartMessageData}'s constructor, and DOOM -> StAX reader -> OM at the end of
 * {@code RampartEngine#process}; a secured outbound message OM -> DOOM in {@code MessageBuilder}. Each is one
 * {@code soap.conversion} at a site naming its forms (the Axiom builder created inside is not counted again: only the
 * outermost call of a kind counts). Rampart always asks for DOOM; the byte-stream fallback those methods keep for
 * {@code useDoom=false} would be counted under the same site.
 */
final class RampartProbes {
    private static final String ENGINE = "org.apache.rampart.RampartEngine";
    private static final String AXIS2_UTIL = "org.apache.rampart.util.Axis2Util";

    static final StackProbe RAMPART = new StackProbe("rampart",
            Rule.phase(named(ENGINE), named("process"), Phase.SECURITY),
            Rule.phase(namedOneOf("org.apache.rampart.handler.RampartReceiver", "org.apache.rampart.handler.RampartSender",
                    "org.apache.rampart.handler.PostDispatchVerificationHandler"), named("invoke"), Phase.SECURITY),
            Rule.hotspot(named(AXIS2_UTIL), isStatic().and(named("getDocumentFromSOAPEnvelope")),
                    HotSpotKind.SOAP_CONVERSION, "OM -> DOOM (Rampart)"),
            Rule.hotspot(named(AXIS2_UTIL), isStatic().and(named("getSOAPEnvelopeFromDOMDocument")),
                    HotSpotKind.SOAP_CONVERSION, "DOOM -> OM (Rampart)"))
            .loadedBy(SeesType.anyOf(ENGINE)).seenAs(Stack.RAMPART);

    private RampartProbes() {
    }
}
