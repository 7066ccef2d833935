package dev.soapscope.demo.cxf;

import com.example.customerservice.CustomerServiceService;
import com.example.customerservice.client.CustomerServiceTester;

import java.net.URL;

/**
 * Runs CXF's own wsdl_first client classes (its generated {@code CustomerServiceService} and its
 * {@code CustomerServiceTester}, unmodified: two getCustomersByName calls, one answered by a fault, and a one-way
 * updateCustomer per round) as applications do: one port built and reused for every round ({@code reuse}), or a
 * Service and a port built for each ({@code per-call}). Args: mode, rounds, WSDL URL. Prints a line when done, then
 * waits for its standard input to close, so the agent's endpoint can be read.
 */
public final class SampleClientDriver {
    public static final String DONE = "soapscope sample driver done";

    private SampleClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        boolean reuse = "reuse".equals(args[0]);
        int rounds = Integer.parseInt(args[1]);
        URL wsdl = new URL(args[2]);
        CustomerServiceTester tester = new CustomerServiceTester();
        if (reuse) {
            tester.setCustomerService(new CustomerServiceService(wsdl).getCustomerServicePort());
        }
        for (int i = 0; i < rounds; i++) {
            if (!reuse) {
                tester.setCustomerService(new CustomerServiceService(wsdl).getCustomerServicePort());
            }
            tester.testCustomerService();
        }
        System.out.println(DONE + ": " + rounds + " rounds");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
