package dev.soapscope.demo.scenario.orders;

import java.math.BigDecimal;

/** What the response to an order request must say. {@code total} has exactly two decimals. */
public record ExpectedOrder(String orderId, int lineCount, BigDecimal total) {
}
