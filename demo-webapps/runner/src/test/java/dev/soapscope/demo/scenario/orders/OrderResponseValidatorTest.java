package dev.soapscope.demo.scenario.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class OrderResponseValidatorTest {

    private static final ExpectedOrder EXPECTED = new ExpectedOrder("ORD-1", 300, new BigDecimal("123456.70"));
    private final OrderResponseValidator validator = new OrderResponseValidator();

    private static byte[] envelope(String body) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"><SOAP-ENV:Header/>"
                + "<SOAP-ENV:Body>" + body + "</SOAP-ENV:Body></SOAP-ENV:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static String response(String orderId, String lineCount, String total) {
        return "<ns2:orderResponse xmlns:ns2=\"urn:soapscope:demo:orders\"><ns2:orderId>" + orderId + "</ns2:orderId>"
                + "<ns2:lineCount>" + lineCount + "</ns2:lineCount><ns2:total>" + total + "</ns2:total></ns2:orderResponse>";
    }

    private String problem(int status, byte[] body) {
        return validator.problem(status, body, EXPECTED);
    }

    @Test
    void rightAnswerWhateverThePrefixes() {
        assertNull(problem(200, envelope(response("ORD-1", "300", "123456.70"))));
        assertNull(problem(200, envelope(response(" ORD-1\n", "300", " 123456.70 "))));
    }

    @Test
    void wrongFiguresAreErrors() {
        assertEquals("total 123456.7, expected 123456.70", problem(200, envelope(response("ORD-1", "300", "123456.7"))));
        assertEquals("total 123456.71, expected 123456.70", problem(200, envelope(response("ORD-1", "300", "123456.71"))));
        assertEquals("lineCount 299, expected 300", problem(200, envelope(response("ORD-1", "299", "123456.70"))));
        assertEquals("orderId ORD-2, expected ORD-1", problem(200, envelope(response("ORD-2", "300", "123456.70"))));
        assertEquals("total null, expected 123456.70", problem(200, envelope(
                "<o:orderResponse xmlns:o=\"urn:soapscope:demo:orders\"><o:orderId>ORD-1</o:orderId>"
                        + "<o:lineCount>300</o:lineCount></o:orderResponse>")));
    }

    @Test
    void wrongShapesAreErrors() {
        assertEquals("no ord:orderResponse in the SOAP body",
                problem(200, envelope("<orderResponse><orderId>ORD-1</orderId></orderResponse>")));
        assertEquals("no ord:orderResponse in the SOAP body", problem(200, envelope("")));
        assertEquals("the response is not XML", problem(200, "OK".getBytes(StandardCharsets.UTF_8)));
        assertEquals("the response is not XML", problem(200, new byte[0]));
        assertEquals("the response is not a SOAP 1.1 envelope (root element env:Envelope)", problem(200,
                ("<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body>"
                        + response("ORD-1", "300", "123456.70") + "</env:Body></env:Envelope>")
                        .getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void httpFailuresAndFaultsAreErrorsWithTheFaultString() {
        byte[] fault = envelope("<SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode>"
                + "<faultstring xml:lang=\"en\">Unmarshalling failed</faultstring></SOAP-ENV:Fault>");
        assertEquals("HTTP 500, SOAP fault: Unmarshalling failed", problem(500, fault));
        assertEquals("SOAP fault: Unmarshalling failed", problem(200, fault));
        assertEquals("HTTP 404", problem(404, "<html>not found</html>".getBytes(StandardCharsets.UTF_8)));
        assertEquals("HTTP 503", problem(503, new byte[0]));
        // even a right payload is an error without HTTP 200
        assertEquals("HTTP 202", problem(202, envelope(response("ORD-1", "300", "123456.70"))));
    }
}
