package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

/**
 * Fixed-shape SOAP 1.1 responses built by string concatenation: no XML factory, no regex, so the servlets that use it
 * add no hot spots of their own.
 */
final class SoapResponses {

    static final String NS = "urn:soapscope:test";
    static final String CONTENT_TYPE = "text/xml; charset=utf-8";

    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>";
    private static final String TAIL = "</soapenv:Body></soapenv:Envelope>";

    private SoapResponses() {
    }

    /** {@code <element xmlns="urn:soapscope:test"><child>text</child></element>} in an envelope. */
    static byte[] payload(String element, String child, String text) {
        StringBuilder xml = new StringBuilder(HEAD.length() + TAIL.length() + 96 + text.length());
        xml.append(HEAD).append('<').append(element).append(" xmlns=\"").append(NS).append("\"><").append(child)
                .append('>');
        escape(text, xml);
        xml.append("</").append(child).append("></").append(element).append('>').append(TAIL);
        return xml.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] clientFault(String reason) {
        StringBuilder xml = new StringBuilder(HEAD).append("<soapenv:Fault><faultcode>soapenv:Client</faultcode>")
                .append("<faultstring>");
        escape(reason, xml);
        return xml.append("</faultstring></soapenv:Fault>").append(TAIL).toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One write of the whole body, with its length known up front. */
    static void send(HttpServletResponse response, int status, byte[] body) throws IOException {
        response.setStatus(status);
        response.setContentType(CONTENT_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static void escape(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '\r': out.append("&#13;"); break;
                default: out.append(c);
            }
        }
    }
}
