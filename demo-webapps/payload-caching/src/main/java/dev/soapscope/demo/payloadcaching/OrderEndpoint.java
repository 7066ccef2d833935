package dev.soapscope.demo.payloadcaching;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.math.RoundingMode;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;

import dev.soapscope.demo.payloadcaching.model.OrderLine;
import dev.soapscope.demo.payloadcaching.model.OrderRequest;
import dev.soapscope.demo.payloadcaching.model.OrderResponse;
import dev.soapscope.demo.payloadcaching.model.Orders;

/**
 * Totals an order. The request is bound by Spring-WS's default XmlRootElementPayloadMethodProcessor, so every line
 * is unmarshalled before this method runs: the cost under test is reading and binding the payload, not this code.
 */
@Endpoint
public class OrderEndpoint {
    /**
     * A slowdown planted on purpose, for showing that a regression between two runs is found in the right phase
     * and the right frame: {@code -Ddemo.plant.invoke.micros=N} burns N microseconds of CPU time per request in
     * {@link #plantedSlowdown}, however busy the machine (then the request waits longer for it). Off by default.
     */
    static final String PLANT_PROPERTY = "demo.plant.invoke.micros";
    private static final long PLANT_NANOS = Long.getLong(PLANT_PROPERTY, 0) * 1000;
    /** Looked up once: the lookup allocates, and the plant is a cost in CPU, not in bytes. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @PayloadRoot(namespace = Orders.NS, localPart = "orderRequest")
    @ResponsePayload
    public OrderResponse order(@RequestPayload OrderRequest request) {
        if (PLANT_NANOS > 0) {
            plantedSlowdown(PLANT_NANOS);
        }
        BigDecimal total = BigDecimal.ZERO;
        for (OrderLine line : request.lines) {
            total = total.add(line.unitPrice.multiply(BigDecimal.valueOf(line.quantity)));
        }
        OrderResponse response = new OrderResponse();
        response.orderId = request.orderId;
        response.lineCount = request.lines.size();
        response.total = total.setScale(2, RoundingMode.HALF_UP);
        return response;
    }

    /**
     * Burns {@code nanos} of this thread's CPU time (not sleep, not a wall-clock deadline: a fixed cost in CPU, as a
     * real regression in code would be, which a CPU profile sees whatever the load). Where the JVM cannot measure
     * thread CPU time, it spins to a wall-clock deadline instead.
     */
    static long plantedSlowdown(long nanos) {
        boolean cpu = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
        long start = cpu ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
        long x = start;
        do {
            for (int k = 0; k < 1000; k++) { // a few microseconds of work between clock reads (a syscall each)
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        } while ((cpu ? THREADS.getCurrentThreadCpuTime() : System.nanoTime()) - start < nanos);
        return x;
    }
}
