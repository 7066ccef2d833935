package dev.soapscope.demo.wssecurity;

import jakarta.jws.WebService;

import dev.soapscope.demo.wssecurity.api.Quote;
import dev.soapscope.demo.wssecurity.api.QuoteService;

/** Prices the quote from the fixed price list: the service itself is trivial, the signature check is the work. */
@WebService(endpointInterface = "dev.soapscope.demo.wssecurity.api.QuoteService",
        targetNamespace = QuoteService.NAMESPACE, serviceName = "QuoteService", portName = "QuotePort")
public class QuoteServiceImpl implements QuoteService {

    @Override
    public Quote getQuote(String symbol, int quantity) {
        if (symbol == null || symbol.isBlank() || quantity <= 0) {
            throw new IllegalArgumentException("a quote needs a symbol and a positive quantity");
        }
        return new Quote(symbol, quantity);
    }
}
