package dev.soapscope.demo.scenario.wssecurity;

import java.math.BigDecimal;

/** What the response to a quote request must say. {@code unitPrice} and {@code total} have exactly two decimals. */
public record ExpectedQuote(String symbol, int quantity, BigDecimal unitPrice, BigDecimal total) {
}
