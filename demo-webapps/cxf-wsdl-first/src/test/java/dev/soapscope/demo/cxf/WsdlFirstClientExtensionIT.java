package dev.soapscope.demo.cxf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.soapscope.testkit.JUnitCases.failureOf;
import static dev.soapscope.testkit.JUnitCases.onlyFailure;
import static dev.soapscope.testkit.JUnitCases.run;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Wars;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * soapscope's JUnit extension on CXF's own wsdl_first client, in this JVM under the agent ({@code -javaagent} in
 * Failsafe's argLine for this class, as a user adds it), calling the sample's service on Tomcat 11: the client built
 * for every round fails its test with the site, the test's line and the advice; the port reused passes; JfrUnit sees
 * the same hot spots as {@code soapscope.HotSpot} events.
 */
class WsdlFirstClientExtensionIT {
    private static final String NS = "{http://customerservice.example.com/}";

    @TempDir
    static Path webapp;
    private static ForkedServer server;

    @BeforeAll
    static void deploy() throws IOException {
        Path exploded = Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-wsdl-first.war")), webapp);
        server = ForkedServer.tomcat().webapp(exploded).start();
        WsdlFirstClientCases.wsdl = server.uri("/services/CustomerServicePort?wsdl").toURL();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aPortBuiltForEveryRoundFailsItsTestNamingTheSitesTheLineAndTheAdvice() {
        String failure = onlyFailure(WsdlFirstClientCases.PortBuiltForEveryRound.class);
        System.out.println(failure);
        int rounds = WsdlFirstClientCases.ROUNDS;
        // per round: a Service and a port built, for three calls
        assertTrue(failure.startsWith("1 of 1 SOAP expectation not met in PortBuiltForEveryRound.buildsItsPortForEveryRound()"
                + " (0 requests served, " + 3 * rounds + " calls made (" + NS + "getCustomersByName: " + 2 * rounds + ", "
                + NS + "updateCustomer: " + rounds + "))"), failure);
        assertTrue(failure.contains("\n[soapscope] client.create per call made: expected at most 0, measured 0.67 ("
                + 2 * rounds + " in " + 3 * rounds + " calls made"), failure);
        // the Service at the test's line; the port at the generated Service's getter, the sample's own code
        assertTrue(failure.matches("(?s).*\n    JAX-WS Service built[^\n]*, called at dev\\.soapscope\\.demo\\.cxf\\."
                + "WsdlFirstClientCases\\$PortBuiltForEveryRound\\.buildsItsPortForEveryRound\\(WsdlFirstClientCases"
                + "\\.java:\\d+\\): " + rounds + " times( in the JVM during the test)?\n.*"), failure);
        assertTrue(failure.matches("(?s).*\n    JAX-WS port built[^\n]*, called at com\\.example\\.customerservice\\."
                + "CustomerServiceService\\.getCustomerServicePort\\(CustomerServiceService\\.java:\\d+\\): " + rounds
                + " times( in the JVM during the test)?\n.*"), failure);
        assertTrue(failure.contains("\n    instead: Build the Service, port, proxy, stub"), failure);
    }

    @Test
    void thePortReusedPasses() {
        EngineExecutionResults results = run(WsdlFirstClientCases.PortReused.class);
        results.testEvents().failed().stream().forEach(e -> System.out.println(failureOf(e)));
        assertEquals(1, results.testEvents().succeeded().count());
        assertTrue(results.testEvents().reportingEntryPublished().stream().anyMatch(e -> e.toString()
                .contains("0 requests served, " + 3 * WsdlFirstClientCases.ROUNDS + " calls made")),
                "the test's figures in its report entry: " + results.testEvents().reportingEntryPublished().list());
    }

    @Test
    void jfrUnitSeesTheSameClientsBuiltAsSoapscopeHotSpotEvents() {
        String failure = onlyFailure(WsdlFirstClientCases.WithJfrUnit.class);
        assertEquals(2 * WsdlFirstClientCases.ROUNDS + " soapscope.HotSpot client.create events in "
                + WsdlFirstClientCases.ROUNDS + " rounds", failure);
    }
}
