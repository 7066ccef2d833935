package dev.soapscope.demo.rampart;

import dev.soapscope.demo.wssecurity.api.Quote;

/**
 * The quote service as an Axis2 POJO (RPCMessageReceiver): the same answers as the CXF ws-security demo, from the
 * shared {@code Quote} and {@code Prices} classes (copied from the ws-security-api jar into WEB-INF/classes, see
 * pom.xml), so the runner checks both demos' responses alike.
 */
public class QuoteService {

    public Quote getQuote(String symbol, int quantity) {
        return new Quote(symbol, quantity);
    }
}
