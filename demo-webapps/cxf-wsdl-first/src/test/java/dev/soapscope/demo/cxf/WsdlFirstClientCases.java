package dev.soapscope.demo.cxf;

import static org.moditect.jfrunit.ExpectedEvent.event;
import static org.moditect.jfrunit.JfrEventsAssert.assertThat;

import com.example.customerservice.CustomerService;
import com.example.customerservice.CustomerServiceService;
import com.example.customerservice.client.CustomerServiceTester;

import dev.soapscope.junit5.ExpectHotSpots;

import java.net.URL;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.moditect.jfrunit.EnableEvent;
import org.moditect.jfrunit.JfrEventTest;
import org.moditect.jfrunit.JfrEvents;

/**
 * Tests as a team writes them around CXF's own wsdl_first client (its generated Service and its
 * {@code CustomerServiceTester}, unmodified: per round two getCustomersByName calls, one answered by a fault, and a
 * one-way updateCustomer), run by {@link WsdlFirstClientExtensionIT} through JUnit's engine, in its JVM under the agent.
 */
public final class WsdlFirstClientCases {
    static final int ROUNDS = 3;
    static URL wsdl;

    private WsdlFirstClientCases() {
    }

    /** The mistake soapscope exists to catch: a Service and a port built for every round of calls. */
    static final class PortBuiltForEveryRound {
        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void buildsItsPortForEveryRound() throws Exception {
            CustomerServiceTester tester = new CustomerServiceTester();
            for (int i = 0; i < ROUNDS; i++) {
                CustomerService port = new CustomerServiceService(wsdl).getCustomerServicePort();
                tester.setCustomerService(port);
                tester.testCustomerService();
            }
        }
    }

    /** The fix: the port built once, in the test's set-up, and reused. */
    static final class PortReused {
        private final CustomerServiceTester tester = new CustomerServiceTester();

        @BeforeEach
        void buildThePortOnce() {
            tester.setCustomerService(new CustomerServiceService(wsdl).getCustomerServicePort());
        }

        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void reusesItsPort() throws Exception {
            for (int i = 0; i < ROUNDS; i++) {
                tester.testCustomerService();
            }
        }
    }

    /** The same check written with JfrUnit against soapscope's Flight Recorder events, no soapscope API at all. */
    @JfrEventTest
    public static final class WithJfrUnit { // public: JfrUnit sets its field reflectively
        public JfrEvents jfrEvents = new JfrEvents();

        @Test
        @EnableEvent("soapscope.HotSpot")
        void buildsItsPortForEveryRound() throws Exception {
            new PortBuiltForEveryRound().buildsItsPortForEveryRound();
            jfrEvents.awaitEvents();
            assertThat(jfrEvents).contains(event("soapscope.HotSpot").with("kind", "client.create"));
            long built = jfrEvents.filter(event("soapscope.HotSpot").with("kind", "client.create")).count();
            if (built > 0) { // the number the IT checks: a test would hold it to 0 and fail here
                throw new AssertionError(built + " soapscope.HotSpot client.create events in " + ROUNDS + " rounds");
            }
        }
    }
}
