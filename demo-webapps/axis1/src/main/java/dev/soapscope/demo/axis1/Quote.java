package dev.soapscope.demo.axis1;

import java.math.BigDecimal;

/** The answer (q:Quote): the request's id, how many lines were priced and their total with two decimals. */
public class Quote {
    private String quoteId;
    private int lineCount;
    private BigDecimal total;

    public String getQuoteId() {
        return quoteId;
    }

    public void setQuoteId(String quoteId) {
        this.quoteId = quoteId;
    }

    public int getLineCount() {
        return lineCount;
    }

    public void setLineCount(int lineCount) {
        this.lineCount = lineCount;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public void setTotal(BigDecimal total) {
        this.total = total;
    }
}
