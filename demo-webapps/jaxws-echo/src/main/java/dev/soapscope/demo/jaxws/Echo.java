package dev.soapscope.demo.jaxws;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;

/** Answers {@code echo(text)} with the text and its length: enough to check every answer. */
@WebService(serviceName = "EchoService", portName = "EchoPort", targetNamespace = Echo.NAMESPACE)
public class Echo {
    public static final String NAMESPACE = "urn:soapscope:jaxws-echo";

    @WebMethod(action = "urn:soapscope:jaxws-echo:echo")
    @WebResult(name = "reply")
    public String echo(@WebParam(name = "text") String text) {
        return text + " (" + text.length() + " chars)";
    }
}
