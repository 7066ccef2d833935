package dev.soapscope.demo.mtom.api;

import jakarta.activation.DataHandler;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import jakarta.xml.bind.annotation.XmlMimeType;
import jakarta.xml.ws.Holder;

/**
 * Echoes a text and a binary payload back: {@code /services/echo} (inline base64) and {@code /services/echo-mtom}
 * (the data as an MTOM attachment both ways).
 */
@WebService(name = "MtomEcho", targetNamespace = MtomEcho.NS)
public interface MtomEcho {

    String NS = "urn:soapscope:demo:echo";

    /** Sends both holders' values back unchanged. */
    @WebMethod
    void testMtom(@WebParam(name = "text", mode = WebParam.Mode.INOUT) Holder<String> text,
            @WebParam(name = "data", mode = WebParam.Mode.INOUT) @XmlMimeType("application/octet-stream")
            Holder<DataHandler> data);
}
