package dev.soapscope.demo.metroclients;

import mtomlarge.client.MtomApp;

/**
 * Runs Metro's mtom-large sample client's own main ({@code mtomlarge.client.MtomApp}, unmodified): one
 * {@code upload} of 123,456,000 bytes with MTOM, then the service's 123,456,001-byte answer read with
 * {@code StreamingDataHandler.readOnce()} after the call returned. Then prints {@link #DONE} and waits for its
 * standard input to close, so that the test can read the agent's /phases in this JVM before it exits.
 */
public final class MetroMtomLargeDriver {
    public static final String DONE = "soapscope metro mtom-large driver done";

    private MetroMtomLargeDriver() {
    }

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        MtomApp.main(args);
        System.out.println(DONE + String.format(": the sample's main took %.1f s", (System.nanoTime() - start) / 1e9));
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        System.exit(0);
    }
}
