package dev.soapscope.demo.axis1;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The service class behind both deployments in server-config.wsdd (java:RPC provider, request scope: Axis makes one
 * per request). Its work is small on purpose, so what Axis does around it shows.
 */
public class QuoteService {

    /** Prices every line: the total is the sum of quantity times unit price, rounded to two decimals. */
    public Quote quote(QuoteRequest request) {
        QuoteLine[] lines = request.getLines() == null ? new QuoteLine[0] : request.getLines();
        BigDecimal total = BigDecimal.ZERO;
        for (QuoteLine line : lines) {
            total = total.add(line.getUnitPrice().multiply(BigDecimal.valueOf(line.getQuantity())));
        }
        Quote quote = new Quote();
        quote.setQuoteId(request.getQuoteId());
        quote.setLineCount(lines.length);
        quote.setTotal(total.setScale(2, RoundingMode.HALF_UP));
        return quote;
    }
}
