package dev.soapscope.demo.axis2adb;

import samples.quickstart.clients.ADBClient;
import samples.quickstart.service.adb.StockQuoteServiceStub;

/**
 * Runs Axis2 1.8.0's quickstartadb sample client for many rounds: each round is {@code ADBClient.main}'s
 * {@code getPrice}, {@code update} (in-only), {@code getPrice}, made by the sample's own methods on the stub its
 * wsdl2java generates, built once and reused ({@code reuse}) or built for each round ({@code per-call}). The sample's
 * main builds its stub for {@code localhost:8080}; this builds it, as main does, for the given address. Args: mode,
 * rounds, service URL.
 */
public final class QuickstartClientDriver {
    public static final String DONE = "soapscope axis2 driver done";

    private QuickstartClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        boolean reuse = "reuse".equals(args[0]);
        int rounds = Integer.parseInt(args[1]);
        StockQuoteServiceStub stub = reuse ? new StockQuoteServiceStub(args[2]) : null;
        for (int i = 0; i < rounds; i++) {
            if (!reuse) {
                stub = new StockQuoteServiceStub(args[2]);
            }
            ADBClient.getPrice(stub);
            ADBClient.update(stub);
            ADBClient.getPrice(stub);
        }
        System.out.println(DONE + ": " + rounds + " rounds");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
