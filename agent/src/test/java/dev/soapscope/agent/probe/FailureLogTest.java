package dev.soapscope.agent.probe;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import org.junit.jupiter.api.Test;

import dev.soapscope.testkit.LogCapture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Byte Buddy reports an error for any class it could not look at, probe target or not (a supertype matcher meeting
 * a superclass its loader cannot find): only a probe target that failed is worth a warning.
 */
class FailureLogTest {
    private final Probes.FailureLog log = new Probes.FailureLog();

    @Test
    void aClassNoProbeTransformedIsNoWarning() {
        String err = stderrOf(() -> {
            log.onError("org.example.NotATarget", getClass().getClassLoader(), null, false, new IllegalStateException("Cannot resolve type description for org.example.Missing"));
            log.onComplete("org.example.NotATarget", getClass().getClassLoader(), null, false);
        });
        assertEquals("", err);
    }

    @Test
    void aProbeTargetThatFailsIsOneWarning() {
        TypeDescription target = TypeDescription.ForLoadedType.of(FailureLogTest.class);
        AgentBuilder.Transformer probe = (builder, type, loader, module, domain) -> builder;
        String err = stderrOf(() -> {
            new RecorderReach.Guarded(probe).transform(new ByteBuddy().redefine(FailureLogTest.class), target,
                    getClass().getClassLoader(), null, null);
            log.onError(target.getName(), getClass().getClassLoader(), null, false, new IllegalStateException("advice"));
            log.onComplete(target.getName(), getClass().getClassLoader(), null, false);
        });
        assertTrue(err.startsWith("[soapscope] WARN could not instrument " + target.getName() + "; it runs unprobed"), err);
    }

    private static String stderrOf(Runnable action) {
        try (LogCapture log = new LogCapture()) {
            action.run();
            return log.text();
        }
    }
}
