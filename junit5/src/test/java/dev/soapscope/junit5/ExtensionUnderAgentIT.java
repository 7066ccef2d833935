package dev.soapscope.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.soapscope.testkit.JUnitCases.failureOf;
import static dev.soapscope.testkit.JUnitCases.onlyFailure;
import static dev.soapscope.testkit.JUnitCases.run;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The extension in a JVM started with the agent ({@code -javaagent} in Failsafe's argLine, as a user adds it): the
 * cases in {@link SaajCases} run through JUnit's own engine, and their outcomes and failure texts are checked.
 */
class ExtensionUnderAgentIT {

    @Test
    void aConnectionOpenedForEveryCallFailsNamingTheSiteTheLineAndTheAdvice() {
        String failure = onlyFailure(SaajCases.ConnectionPerCall.class);
        System.out.println(failure);
        assertTrue(failure.startsWith("1 of 1 SOAP expectation not met in ConnectionPerCall.opensAConnectionForEveryCall()"
                + " (0 requests served, " + SaajCases.CALLS + " calls made ({urn:soapscope:cases}ping: " + SaajCases.CALLS + "))"),
                failure);
        assertTrue(failure.contains("[soapscope] client.create per call made: expected at most 0, measured 1 ("
                + SaajCases.CALLS + " in " + SaajCases.CALLS + " calls made ({urn:soapscope:cases}ping: "
                + SaajCases.CALLS + "))"), failure);
        // the site soapscope names and the line of the cases that built the connection
        assertTrue(failure.contains("SAAJ SOAPConnection built"), failure);
        assertTrue(failure.contains("called at dev.soapscope.junit5.SaajCases.connect(SaajCases.java:"), failure);
        assertTrue(failure.contains("instead: Build the Service, port, proxy, stub"), failure);
    }

    @Test
    void aConnectionBuiltBeforeTheTestOrInItsWarmUpPasses() {
        for (Class<?> cases : List.of(SaajCases.ConnectionReused.class, SaajCases.WarmUpLeftOut.class)) {
            EngineExecutionResults results = run(cases);
            results.testEvents().failed().stream().forEach(e -> System.out.println(failureOf(e)));
            assertEquals(1, results.testEvents().succeeded().count(), cases.getSimpleName());
        }
    }

    @Test
    void aTestThatServedNothingFailsRatherThanPassingVacuously() {
        String failure = onlyFailure(SaajCases.NoTraffic.class);
        assertTrue(failure.contains("[soapscope] factory.create per request served: nothing to measure: no request "
                + "served during the test"), failure);
        assertTrue(failure.contains("soapscope saw no SOAP request or call at all: a mock transport"), failure);
    }

    @Test
    void aMistypedKindOrAPerCallLimitOfOneOperationFailsBeforeTheTestRuns() {
        String failure = onlyFailure(SaajCases.MistypedKind.class);
        assertTrue(failure.startsWith("no hot-spot kind 'factory.created'; soapscope's kinds: factory.create, "), failure);
        String narrowed = onlyFailure(SaajCases.PerCallOfAnOperation.class);
        assertTrue(narrowed.startsWith("a per-call limit on client.create counts the hot spots met outside the requests "
                + "served"), narrowed);
    }

    @Test
    void aNestedTestIsHeldToItsOuterClassesLimits() {
        String failure = onlyFailure(SaajCases.OuterLimit.class);
        assertTrue(failure.startsWith("1 of 1 SOAP expectation not met in Nested.opensAConnectionForEveryCall()"), failure);
        assertTrue(failure.contains("[soapscope] client.create per call made: expected at most 0, measured 1"), failure);
    }

    @Test
    void theFluentApiRecordsABlockAndChecksIt() throws Throwable {
        try (EchoServer server = new EchoServer()) {
            SaajCases.echo = server.uri();
            jakarta.xml.soap.SOAPConnection connection = SaajCases.connect();
            Recording reused = SoapScope.record(() -> {
                for (int i = 0; i < 3; i++) {
                    SaajCases.call(connection);
                }
            });
            assertEquals(3, reused.calls().count(), reused.summary());
            assertTrue(reused.calls().all().stream().allMatch(c -> c.outcome().equals("success")), reused.summary());
            assertTrue(reused.calls().phaseNanos(dev.soapscope.recorder.Phase.WAIT) > 0, "the calls waited on the server");
            SoapScope.expect(reused).maxHotSpotsPerCall("client.create", 0).verify();
            // shares and bytes, never durations; each limit not met is listed, one that cannot be measured too
            String all = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> SoapScope.expect(reused)
                    .maxPhaseShareOfCalls("wait", 0).maxPhaseAllocationPerCall("soap.parse", 0)
                    .maxPhaseShareOfRequests("invoke", 1).maxPhaseShareOfCalls("invoke", 0).verify()).getMessage();
            assertTrue(all.startsWith("3 of 4 SOAP expectations not met in this recording (0 requests served, 3 calls made"),
                    all);
            assertTrue(all.contains("\n[soapscope] wait share of the calls made: expected at most 0.0% of their time, "
                    + "measured "), all);
            assertTrue(all.matches("(?s).*\\[soapscope\\] soap.parse allocation per call made: expected at most 0 B, "
                    + "measured [1-9][0-9,]* B \\(over 3 measured of 3 calls made.*"), all);
            assertTrue(all.contains("[soapscope] invoke share of the requests served: nothing to measure: no request "
                    + "served during the test"), all);

            Recording perCall = SoapScope.record(() -> SaajCases.call(SaajCases.connect()));
            AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                    () -> SoapScope.expect(perCall).maxHotSpotsPerCall("client.create", 0.5).operation("ping")
                            .maxPhaseShareOfCalls("wait", 0).verify());
            assertTrue(e.getMessage().contains("[soapscope] wait share of the calls made (ping): expected at most 0.0%"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("[soapscope] client.create per call made: expected at most 0.50, "
                    + "measured 1 (1 in 1 call made ({urn:soapscope:cases}ping: 1))"), e.getMessage());
        }
    }
}
