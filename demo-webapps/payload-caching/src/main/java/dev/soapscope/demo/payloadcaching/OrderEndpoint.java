package dev.soapscope.demo.payloadcaching;

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
     * and the right frame: {@code -Ddemo.plant.invoke.micros=N} spins N microseconds per request in
     * {@link #plantedSlowdown}. Off by default.
     */
    static final String PLANT_PROPERTY = "demo.plant.invoke.micros";
    private static final long PLANT_NANOS = Long.getLong(PLANT_PROPERTY, 0) * 1000;

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

    /** Burns CPU (not sleep: a CPU profile must see it) for {@code nanos}. */
    static long plantedSlowdown(long nanos) {
        long end = System.nanoTime() + nanos;
        long spins = 0;
        while (System.nanoTime() < end) {
            spins++;
        }
        return spins;
    }
}
