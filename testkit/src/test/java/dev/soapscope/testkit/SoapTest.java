package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SoapTest {

    @Test
    void requestRoundTripsSpecialCharacters() {
        String text = "a < b & c > \"d\" 'é' \u4e2d\r\nend";
        String request = Soap.echoRequest(text);
        assertEquals(text, Soap.payloadText(request));
        Soap.assertEnvelopeWithText(request, text);
        assertFalse(Soap.isFault(request));
    }

    @Test
    void paddedRequestHasExactlyTheAskedSize() {
        for (int size : new int[] {300, 1024, 64 * 1024}) {
            String request = Soap.echoRequest("héllo", size);
            assertEquals(size, Soap.utf8Length(request));
            String expected = Soap.paddedText("héllo", size);
            assertTrue(expected.startsWith("héllo"));
            Soap.assertEnvelopeWithText(request, expected);
        }
        assertThrows(IllegalArgumentException.class, () -> Soap.echoRequest("x", 10));
    }

    @Test
    void readsResponsesAndDetectsFaults() {
        String response = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                + "<echoResponse xmlns=\"urn:soapscope:test\"><text>hi</text></echoResponse></S:Body></S:Envelope>";
        Soap.assertEnvelopeWithText(response, "hi");
        assertThrows(AssertionError.class, () -> Soap.assertEnvelopeWithText(response, "other"));

        String fault = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body><S:Fault>"
                + "<faultcode>S:Client</faultcode><faultstring>bad</faultstring></S:Fault></S:Body></S:Envelope>";
        assertTrue(Soap.isFault(fault));
        assertThrows(AssertionError.class, () -> Soap.payloadText(fault));

        assertThrows(AssertionError.class, () -> Soap.payloadText("<html><body>404</body></html>"));
        assertThrows(AssertionError.class, () -> Soap.payloadText("not xml"));
    }
}
