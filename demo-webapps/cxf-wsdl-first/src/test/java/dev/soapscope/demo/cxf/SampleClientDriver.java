package dev.soapscope.demo.cxf;

import com.example.customerservice.CustomerService;
import com.example.customerservice.CustomerServiceService;
import com.example.customerservice.client.CustomerServiceTester;

import java.net.URL;

/**
 * Runs CXF's own wsdl_first client classes (its generated {@code CustomerServiceService} and its
 * {@code CustomerServiceTester}, unmodified: two getCustomersByName calls, one answered by a fault, and a one-way
 * updateCustomer per round) as applications do: one port built and reused for every round ({@code reuse}), or a
 * Service and a port built for each ({@code per-call}), and so with its own HttpClient and connection
 * ({@code per-call-unshared}, ours: CXF 4 shares its default conduit's client unless told not to). Args: mode,
 * rounds, WSDL URL. Prints a line when done, then
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
                CustomerService port = new CustomerServiceService(wsdl).getCustomerServicePort();
                if ("per-call-unshared".equals(args[0])) {
                    // CXF 4's java.net.http conduit shares its HttpClient between ports unless told not to: then each
                    // port has a client and connections of its own
                    ((jakarta.xml.ws.BindingProvider) port).getRequestContext().put("share.httpclient.http.conduit", false);
                }
                tester.setCustomerService(port);
            }
            tester.testCustomerService();
        }
        System.out.println(DONE + ": " + rounds + " rounds");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
