package dev.soapscope.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Surefire's JVM has no agent: a soapscope test fails and says what to add, and never passes on no figures. */
class ExtensionWithoutAgentTest {

    @Test
    void aTestFailsWithTheArgLineToAdd() {
        java.util.List<Event> failed = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(SaajCases.NoTraffic.class)).execute().testEvents().failed().list();
        assertEquals(1, failed.size());
        String message = failed.get(0).getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .map(Throwable::getMessage).orElse("");
        assertTrue(message.startsWith("soapscope's agent is not attached to this test JVM"), message);
        assertTrue(message.contains("<argLine>-javaagent:${dev.soapscope:soapscope-agent:jar}=port=0</argLine>"), message);
        assertTrue(message.contains("Gradle: test { jvmArgs"), message);
    }

    @Test
    void theFluentApiSaysTheSame() {
        AssertionError e = assertThrows(AssertionError.class, () -> SoapScope.record(() -> { }));
        assertTrue(e.getMessage().startsWith("soapscope's agent is not attached"), e.getMessage());
        assertThrows(IllegalStateException.class, SoapScope::warmUpDone, "no soapscope test is running");
    }
}
