package dev.soapscope.demo.springwsecho;

import static dev.soapscope.testkit.JUnitCases.failureOf;
import static dev.soapscope.testkit.JUnitCases.onlyFailure;
import static dev.soapscope.testkit.JUnitCases.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * soapscope's JUnit extension on a Spring Boot test of Spring-WS's echo sample ({@link EchoServiceCases}), in this JVM
 * under the agent ({@code -javaagent} in Failsafe's argLine for this class): the requests the test's server served,
 * warm-up left out, hold to the sample's hot spots per request, and one factory fewer fails naming the sites.
 */
class EchoServiceExtensionIT {
    private static final String OPERATION = "{http://www.springframework.org/spring-ws/samples/echo}echoRequest";

    @Test
    void theSamplesRequestsHoldToItsFiguresPerRequest() {
        EngineExecutionResults results = run(EchoServiceCases.HeldToItsFigures.class);
        results.testEvents().failed().stream().forEach(e -> System.out.println(failureOf(e)));
        assertEquals(1, results.testEvents().succeeded().count(), results.allEvents().list().toString());
        String figures = results.testEvents().reportingEntryPublished().list().toString();
        assertTrue(figures.contains(EchoServiceCases.REQUESTS + " requests served (" + OPERATION + ": "
                + EchoServiceCases.REQUESTS + "), " + EchoServiceCases.REQUESTS + " calls made"), figures);
    }

    @Test
    void oneFactoryFewerPerRequestFailsNamingTheFactoriesAndWhereTheSampleCreatesThem() {
        String failure = onlyFailure(EchoServiceCases.OneFactoryFewer.class);
        System.out.println(failure);
        int n = EchoServiceCases.REQUESTS;
        assertTrue(failure.contains("[soapscope] factory.create per request served: expected at most "
                + (EchoServiceCases.FACTORIES - 1) + ", measured " + EchoServiceCases.FACTORIES + " ("
                + EchoServiceCases.FACTORIES * n + " in " + n + " requests served (" + OPERATION + ": " + n + "))"),
                failure);
        assertTrue(failure.contains("\n    instead: Create the factory once"), failure);
    }
}
