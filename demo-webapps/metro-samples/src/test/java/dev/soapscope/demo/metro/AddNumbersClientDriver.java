package dev.soapscope.demo.metro;

import fromwsdl.client.AddNumbersFault_Exception;
import fromwsdl.client.AddNumbersPortType;
import fromwsdl.client.AddNumbersService;

import java.net.URL;

/**
 * Runs Metro's fromwsdl sample client for many rounds: each round makes {@code AddNumbersClient.main}'s three calls on
 * the classes Metro's wsimport generated for it (a one-way {@code oneWayInt}, {@code addNumbers(10, 20)} and
 * {@code addNumbers(-10, 20)}, which the service answers with its fault), on one port built and reused
 * ({@code reuse}) or a Service and port built for each round ({@code per-call}). The sample's main takes its WSDL
 * from where wsimport found it; this takes the deployed one. Args: mode, rounds, WSDL URL.
 */
public final class AddNumbersClientDriver {
    public static final String DONE = "soapscope metro driver done";

    private AddNumbersClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        boolean reuse = "reuse".equals(args[0]);
        int rounds = Integer.parseInt(args[1]);
        URL wsdl = new URL(args[2]);
        AddNumbersPortType port = reuse ? new AddNumbersService(wsdl).getAddNumbersPort() : null;
        int faults = 0;
        for (int i = 0; i < rounds; i++) {
            if (!reuse) {
                port = new AddNumbersService(wsdl).getAddNumbersPort();
            }
            port.oneWayInt(10);
            if (port.addNumbers(10, 20) != 30) {
                throw new AssertionError("10 + 20");
            }
            try {
                port.addNumbers(-10, 20);
            } catch (AddNumbersFault_Exception expected) {
                faults++;
            }
        }
        System.out.println(DONE + ": " + rounds + " rounds, " + faults + " faults");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
