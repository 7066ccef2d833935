package dev.soapscope.demo.wssecurity.api;

/** The unsigned SOAP 1.1 request of {@link QuoteService#getQuote}, as a client sends it before signing. */
public final class QuoteEnvelope {

    public static final String SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

    private QuoteEnvelope() {
    }

    /** {@code symbol} must be plain text (letters, digits): it is not escaped. */
    public static String of(String symbol, int quantity) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11_NAMESPACE + "\"><soapenv:Header/><soapenv:Body>"
                + "<q:getQuote xmlns:q=\"" + QuoteService.NAMESPACE + "\"><symbol>" + symbol + "</symbol>"
                + "<quantity>" + quantity + "</quantity></q:getQuote>"
                + "</soapenv:Body></soapenv:Envelope>";
    }
}
