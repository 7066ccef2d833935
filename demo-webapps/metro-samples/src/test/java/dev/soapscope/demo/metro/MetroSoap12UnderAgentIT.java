package dev.soapscope.demo.metro;

import java.util.Map;

/**
 * Metro's own "fromwsdl-soap12" sample (JAX-WS RI 4.0.5, unmodified) on Tomcat 11 under the agent: SOAP 1.2, where
 * the action travels in the content type ({@code application/soap+xml; action=...}) and Metro's SOAP 1.2 codec
 * reads and writes the envelope. Named by the WSDL operation Metro dispatched to, with or without an action.
 */
class MetroSoap12UnderAgentIT extends AddNumbersUnderAgent {
    @Override
    String war() {
        return "metro-fromwsdl-soap12.war";
    }

    @Override
    String add(int i, int j, String action) {
        String body = sample.post(action == null ? MetroSample.SOAP12 : MetroSample.SOAP12 + "; action=\"" + action + "\"",
                MetroSample.soap12(MetroSample.addNumbers(i, j)), Map.of(), 200);
        return body.contains("http://www.w3.org/2003/05/soap-envelope") ? body : "not a SOAP 1.2 envelope: " + body;
    }
}
