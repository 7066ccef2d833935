package dev.soapscope.demo.metroclients;

import async.client.AddNumbersImpl;
import async.client.AddNumbersResponse;
import async.client.AddNumbersService;
import com.sun.xml.ws.developer.JAXWSProperties;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Makes the asynchronous calls of Metro's async sample client ({@code async.client.AddNumbersClient}) many times at
 * once: its service sleeps 5 s in every call, so the calls are made together, as an asynchronous caller makes them.
 * On its port ({@code new AddNumbersService().getAddNumbersImplPort()}, with the sample's 30 s request timeout): half
 * {@code addNumbersAsync(a, b)} polled until done, half {@code addNumbersAsync(a, b, handler)}; each answer checked.
 * Args: the calls of each kind, a file {@code F}. Builds the port and prints {@link #READY}; once {@code F} exists,
 * makes the calls and prints {@link #DONE}, then waits for its standard input to close.
 */
public final class MetroAsyncDriver {
    public static final String READY = "soapscope metro async driver ready";
    public static final String DONE = "soapscope metro async driver done";

    private MetroAsyncDriver() {
    }

    public static void main(String[] args) throws Exception {
        int each = Integer.parseInt(args[0]);
        AddNumbersImpl port = new AddNumbersService().getAddNumbersImplPort();
        ((BindingProvider) port).getRequestContext().put(JAXWSProperties.REQUEST_TIMEOUT, 30000);
        System.out.println(READY);
        java.nio.file.Path go = java.nio.file.Path.of(args[1]);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!java.nio.file.Files.exists(go)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + go);
            }
            Thread.sleep(10);
        }
        List<Response<AddNumbersResponse>> polled = new ArrayList<>();
        List<Future<?>> handled = new ArrayList<>();
        ConcurrentLinkedQueue<Integer> handedOver = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < each; i++) {
            polled.add(port.addNumbersAsync(i, 20));
            handled.add(port.addNumbersAsync(i, 30, response -> {
                try {
                    handedOver.add(response.get().getReturn());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (int i = 0; i < each; i++) {
            Response<AddNumbersResponse> r = polled.get(i);
            while (!r.isDone()) {
                Thread.sleep(10);
            }
            if (r.get().getReturn() != i + 20) {
                throw new IllegalStateException("polled call " + i + " answered " + r.get().getReturn());
            }
            handled.get(i).get(60, TimeUnit.SECONDS);
        }
        if (handedOver.size() != each) {
            throw new IllegalStateException(handedOver.size() + " answers handed to the handler, not " + each);
        }
        System.out.println(DONE + ": " + 2 * each + " calls");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        System.exit(0);
    }
}
