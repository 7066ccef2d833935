package dev.soapscope.demo.axis1;

/** A customer asking the price of some lines (q:QuoteRequest; the lines travel as a SOAP-encoded array). */
public class QuoteRequest {
    private String quoteId;
    private String customer;
    private QuoteLine[] lines;

    public String getQuoteId() {
        return quoteId;
    }

    public void setQuoteId(String quoteId) {
        this.quoteId = quoteId;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }

    public QuoteLine[] getLines() {
        return lines;
    }

    public void setLines(QuoteLine[] lines) {
        this.lines = lines;
    }
}
