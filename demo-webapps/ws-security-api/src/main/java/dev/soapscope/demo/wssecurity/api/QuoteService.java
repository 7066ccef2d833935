package dev.soapscope.demo.wssecurity.api;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;

/**
 * A price quote for a quantity of a stock symbol: a small request whose body the client signs.
 *
 * <pre>
 * &lt;q:getQuote xmlns:q="urn:soapscope:demo:quotes"&gt;&lt;symbol&gt;ACME&lt;/symbol&gt;&lt;quantity&gt;250&lt;/quantity&gt;&lt;/q:getQuote&gt;
 * &lt;q:getQuoteResponse&gt;&lt;quote&gt;&lt;symbol/&gt;&lt;quantity/&gt;&lt;unitPrice/&gt;&lt;total/&gt;&lt;/quote&gt;&lt;/q:getQuoteResponse&gt;
 * </pre>
 */
@WebService(name = "QuoteService", targetNamespace = QuoteService.NAMESPACE)
public interface QuoteService {

    String NAMESPACE = "urn:soapscope:demo:quotes";

    @WebMethod(operationName = "getQuote")
    @WebResult(name = "quote")
    Quote getQuote(@WebParam(name = "symbol") String symbol, @WebParam(name = "quantity") int quantity);
}
