package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SoapActionTest {
    @Test
    void actionParameterOfSoap12() {
        assertEquals("urn:Foo", SoapAction.fromContentType("application/soap+xml; charset=utf-8; action=\"urn:Foo\""));
        assertEquals("urn:Bar", SoapAction.fromContentType("application/soap+xml;ACTION=urn:Bar;charset=utf-8"));
        assertNull(SoapAction.fromContentType("text/xml; charset=utf-8"));
        assertNull(SoapAction.fromContentType(null));
    }

    @Test
    void anActionQuotedInsideMtomStartInfoIsNotTheMessagesOwn() {
        String mtom = "multipart/related; type=\"application/xop+xml\"; boundary=\"uuid:1\"; "
                + "start-info=\"application/soap+xml; action=\\\"urn:Inner\\\"\"";
        assertNull(SoapAction.fromContentType(mtom));
        assertEquals("urn:Outer", SoapAction.fromContentType(mtom + "; action=\"urn:Outer\""));
    }
}
