package dev.soapscope.demo.scenario.axis1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class QuoteResponseValidatorTest {

    private static final ExpectedQuote EXPECTED = new ExpectedQuote("Q-1", 20, new BigDecimal("880.25"));
    private final QuoteResponseValidator validator = new QuoteResponseValidator();

    /** Axis 1.4's answer as the demo's /services/plain sends it (sendMultiRefs off). */
    private static byte[] axisAnswer(String quoteId, String lineCount, String total) {
        return envelope("<ns1:quoteResponse soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\""
                + " xmlns:ns1=\"urn:soapscope:demo:axis1\"><quoteReturn xsi:type=\"ns1:Quote\">"
                + "<lineCount xsi:type=\"xsd:int\">" + lineCount + "</lineCount>"
                + "<quoteId xsi:type=\"xsd:string\">" + quoteId + "</quoteId>"
                + "<total xsi:type=\"xsd:decimal\">" + total + "</total></quoteReturn></ns1:quoteResponse>");
    }

    private static byte[] envelope(String body) {
        return ("<?xml version=\"1.0\" encoding=\"utf-8\"?><soapenv:Envelope"
                + " xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private String problem(int status, byte[] body) {
        return validator.problem(status, body, EXPECTED);
    }

    @Test
    void axisAnswerIsRight() {
        assertNull(problem(200, axisAnswer("Q-1", "20", "880.25")));
        assertNull(problem(200, axisAnswer(" Q-1\n", "20", " 880.25 ")));
    }

    @Test
    void wrongFiguresAreErrors() {
        assertEquals("total 880.3, expected 880.25", problem(200, axisAnswer("Q-1", "20", "880.3")));
        assertEquals("lineCount 19, expected 20", problem(200, axisAnswer("Q-1", "19", "880.25")));
        assertEquals("quoteId Q-2, expected Q-1", problem(200, axisAnswer("Q-2", "20", "880.25")));
        // a multiRef answer carries no fields inline
        assertEquals("quoteId null, expected Q-1", problem(200, envelope(
                "<ns1:quoteResponse xmlns:ns1=\"urn:soapscope:demo:axis1\"><quoteReturn href=\"#id0\"/></ns1:quoteResponse>")));
    }

    @Test
    void wrongShapesAreErrors() {
        assertEquals("no quoteResponse in the SOAP body", problem(200, envelope("<quoteResponse><quoteId>Q-1</quoteId></quoteResponse>")));
        assertEquals("no quoteResponse in the SOAP body", problem(200, envelope("")));
        assertEquals("the response is not XML", problem(200, "<html><body>Hi there".getBytes(StandardCharsets.UTF_8)));
        assertEquals("the response is not XML", problem(200, new byte[0]));
        assertEquals("the response is not a SOAP 1.1 envelope", problem(200,
                ("<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body/></env:Envelope>")
                        .getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void httpFailuresAndFaultsAreErrorsWithTheFaultString() {
        byte[] fault = envelope("<soapenv:Fault><faultcode>soapenv:Server.userException</faultcode>"
                + "<faultstring>org.xml.sax.SAXException: No deserializer for q:QuoteLine</faultstring></soapenv:Fault>");
        assertEquals("HTTP 500, SOAP fault: org.xml.sax.SAXException: No deserializer for q:QuoteLine", problem(500, fault));
        assertEquals("SOAP fault: org.xml.sax.SAXException: No deserializer for q:QuoteLine", problem(200, fault));
        assertEquals("HTTP 404", problem(404, "<html>not found</html>".getBytes(StandardCharsets.UTF_8)));
        // even a right answer is an error without HTTP 200
        assertEquals("HTTP 202", problem(202, axisAnswer("Q-1", "20", "880.25")));
    }
}
