package dev.soapscope.recorder;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the recorder finds a hot spot's caller on the Java it runs on. */
class CallersTest {

    /**
     * On Java 9+ a {@code StackWalker} reads the few frames above the caller; without it every walk fills in the whole
     * stack (its caller-sensitive {@code walk} once could not be looked up, and nothing said so).
     */
    @Test
    void theStackWalkerIsUsedOnJava9AndLater() {
        assertTrue(Callers.walksFrames());
    }
}
