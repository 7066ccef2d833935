package dev.soapscope.demo.metro;

import java.util.Map;

/**
 * Metro's own "provider" sample (JAX-WS RI 4.0.5, unmodified) on Tomcat 11 under the agent: a
 * {@code Provider<Source>} in payload mode, deployed with its WSDL. Metro still dispatches the payload to the
 * WSDL's addNumbers operation before it calls the provider, so that operation names every request, whatever
 * SOAPAction the client sent. Metro's argument builder handing the provider the payload as a {@code Source} is
 * {@code unmarshal}, turning the returned {@code Source} into the response message {@code marshal}; the sample's own
 * {@code invoke} (a new {@code TransformerFactory} and a DOM copy of the payload per call) is {@code invoke}.
 */
class MetroProviderUnderAgentIT extends AddNumbersUnderAgent {
    @Override
    String war() {
        return "metro-fromwsdl-provider.war";
    }

    @Override
    String add(int i, int j, String action) {
        return sample.post(MetroSample.SOAP11, MetroSample.soap11(MetroSample.addNumbers(i, j)),
                Map.of("SOAPAction", action == null ? "\"\"" : "\"" + action + "\""), 200);
    }
}
