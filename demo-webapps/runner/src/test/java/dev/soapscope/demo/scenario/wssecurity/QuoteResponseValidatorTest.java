package dev.soapscope.demo.scenario.wssecurity;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class QuoteResponseValidatorTest {

    private static final ExpectedQuote EXPECTED = new ExpectedQuote("ACME1", 250, new BigDecimal("12.34"), new BigDecimal("3085.00"));
    private final QuoteResponseValidator validator = new QuoteResponseValidator();

    /** As CXF writes it. */
    private static byte[] envelope(String body) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" + body
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static String response(String symbol, String quantity, String unitPrice, String total) {
        return "<ns2:getQuoteResponse xmlns:ns2=\"urn:soapscope:demo:quotes\"><quote><symbol>" + symbol + "</symbol>"
                + "<quantity>" + quantity + "</quantity><unitPrice>" + unitPrice + "</unitPrice><total>" + total
                + "</total></quote></ns2:getQuoteResponse>";
    }

    private String problem(int status, byte[] body) {
        return validator.problem(status, body, EXPECTED);
    }

    @Test
    void rightAnswer() {
        assertNull(problem(200, envelope(response("ACME1", "250", "12.34", "3085.00"))));
        assertNull(problem(200, envelope(response(" ACME1\n", "250", "12.34", " 3085.00 "))));
    }

    @Test
    void wrongFiguresAreErrors() {
        assertEquals("symbol ACME2, expected ACME1", problem(200, envelope(response("ACME2", "250", "12.34", "3085.00"))));
        assertEquals("quantity 25, expected 250", problem(200, envelope(response("ACME1", "25", "12.34", "3085.00"))));
        assertEquals("unitPrice 12.3, expected 12.34", problem(200, envelope(response("ACME1", "250", "12.3", "3085.00"))));
        assertEquals("total 3085.0, expected 3085.00", problem(200, envelope(response("ACME1", "250", "12.34", "3085.0"))));
        assertEquals("total null, expected 3085.00", problem(200, envelope(
                "<q:getQuoteResponse xmlns:q=\"urn:soapscope:demo:quotes\"><quote><symbol>ACME1</symbol>"
                        + "<quantity>250</quantity><unitPrice>12.34</unitPrice></quote></q:getQuoteResponse>")));
    }

    @Test
    void faultsAndWrongShapesAreErrors() {
        String fault = "<soap:Fault><faultcode xmlns:ns1=\"http://ws.apache.org/wss4j\">ns1:SecurityError</faultcode>"
                + "<faultstring>A security error was encountered when verifying the message</faultstring></soap:Fault>";
        assertEquals("HTTP 500, SOAP fault: A security error was encountered when verifying the message",
                problem(500, envelope(fault)));
        assertEquals("SOAP fault: A security error was encountered when verifying the message", problem(200, envelope(fault)));
        assertEquals("HTTP 404", problem(404, "Not Found".getBytes(StandardCharsets.UTF_8)));
        assertEquals("no q:getQuoteResponse in the SOAP body", problem(200, envelope("<getQuoteResponse/>")));
        assertEquals("no q:getQuoteResponse in the SOAP body", problem(200, envelope("")));
        assertEquals("the response is not XML", problem(200, "OK".getBytes(StandardCharsets.UTF_8)));
        assertEquals("the response is not XML", problem(200, new byte[0]));
        assertEquals("the response is not a SOAP 1.1 envelope (root element {http://www.w3.org/2003/05/soap-envelope}Envelope)",
                problem(200, ("<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body>"
                        + response("ACME1", "250", "12.34", "3085.00") + "</env:Body></env:Envelope>").getBytes(StandardCharsets.UTF_8)));
    }
}
