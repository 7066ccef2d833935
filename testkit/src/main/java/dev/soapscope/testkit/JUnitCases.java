package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs a class of test cases, written as a user writes them, through JUnit's own engine, for the tests of soapscope's
 * JUnit extension: what a user's build would report, pass or fail, and the failure's text.
 */
public final class JUnitCases {
    private JUnitCases() {
    }

    public static EngineExecutionResults run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(DiscoverySelectors.selectClass(cases)).execute();
    }

    /** The message of the one test of {@code cases} that failed; fails unless exactly one did. */
    public static String onlyFailure(Class<?> cases) {
        EngineExecutionResults results = run(cases);
        List<Event> failed = results.testEvents().failed().list();
        assertEquals(1, failed.size(), cases.getSimpleName() + ": " + results.allEvents().list());
        return failureOf(failed.get(0));
    }

    /** What a failed test threw, or "(no throwable)". */
    public static String failureOf(Event e) {
        return e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .map(Throwable::getMessage).orElse("(no throwable)");
    }
}
