package dev.soapscope.demo.mtom;

import jakarta.activation.DataHandler;
import jakarta.jws.WebService;
import jakarta.xml.ws.Holder;

import dev.soapscope.demo.mtom.api.MtomEcho;

/** {@link MtomEcho}: the holders go back as they came. */
@WebService(endpointInterface = "dev.soapscope.demo.mtom.api.MtomEcho", targetNamespace = MtomEcho.NS,
        serviceName = "MtomEcho", portName = "MtomEchoPort")
public class MtomEchoImpl implements MtomEcho {

    @Override
    public void testMtom(Holder<String> text, Holder<DataHandler> data) {
        // INOUT: what the holders hold when the method returns is the response
    }
}
