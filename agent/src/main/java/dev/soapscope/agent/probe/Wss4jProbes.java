package dev.soapscope.agent.probe;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Stack;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * WSS4J 1.6 to 4 (Rampart 1.7's 1.6.16 in {@code org.apache.ws.security}, Rampart 1.8's 3.0.3 and CXF 4's 4.0.1 in
 * {@code org.apache.wss4j}): building a signature or encryption Crypto, which opens and decrypts a key store. Stacks
 * cache the Crypto; one built per request is the classic hot spot.
 *
 * <p>One load is one {@code crypto.load} event however deep it nests: {@code CryptoFactory.getInstance} (whose
 * overloads call each other) creates a {@code Merlin}, whose {@code loadProperties} calls {@code load}, which calls
 * {@code KeyStore#load} ({@link JdkHotSpots#KEYSTORE}). All count as the same kind, and the recorder counts only
 * the outermost call of a kind on a thread, at that call's site: CryptoFactory's when the stack goes through it,
 * Merlin's when code builds a Merlin directly. WSS4J 1.6 has the same classes and methods in its own package. The load's time is the time of the phase it runs in ({@code security}
 * for WS-Security interceptors).
 */
final class Wss4jProbes {
    private static final String CRYPTO_FACTORY = "org.apache.wss4j.common.crypto.CryptoFactory";
    private static final String MERLIN = "org.apache.wss4j.common.crypto.Merlin";
    private static final String CRYPTO_FACTORY_16 = "org.apache.ws.security.components.crypto.CryptoFactory";
    private static final String MERLIN_16 = "org.apache.ws.security.components.crypto.Merlin";

    static final StackProbe CRYPTO = new StackProbe("wss4j",
            Rule.hotspot(namedOneOf(CRYPTO_FACTORY, CRYPTO_FACTORY_16), isStatic().and(named("getInstance")),
                    HotSpotKind.CRYPTO_LOAD),
            // the Merlin(Properties, ClassLoader[, PasswordEncryptor]) constructors go through loadProperties
            Rule.hotspot(namedOneOf(MERLIN, MERLIN_16), not(isStatic()).and(namedOneOf("loadProperties", "load")),
                    HotSpotKind.CRYPTO_LOAD))
            .loadedBy(SeesType.anyOf(CRYPTO_FACTORY, CRYPTO_FACTORY_16)).seenAs(Stack.WSS4J);

    private Wss4jProbes() {
    }
}
