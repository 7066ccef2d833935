package dev.soapscope.demo.scenario.axis1;

import java.math.BigDecimal;

/** What Axis's answer to a quote request must say. {@code total} has exactly two decimals. */
public record ExpectedQuote(String quoteId, int lineCount, BigDecimal total) {
}
