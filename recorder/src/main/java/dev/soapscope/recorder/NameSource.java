package dev.soapscope.recorder;

/** Where an operation name came from; a later source only replaces an earlier one of lower rank. */
public enum NameSource {
    /** The servlet path: always known, least specific. */
    SERVLET_PATH,
    /** The operation a SOAP stack reveals (endpoint mapping, binding operation). */
    STACK,
    /** The SOAPAction header or the SOAP 1.2 action parameter: what the client asked for. */
    SOAP_ACTION,
    /**
     * The operation the stack dispatched the request to and ran (Metro's WSDL operation): what the server did,
     * whatever SOAPAction the client sent, so one operation keeps one name.
     */
    DISPATCH;

    /** Whether the stack resolved the name (a bounded set, the service's operations), rather than a client's header. */
    boolean resolvedByStack() {
        return this == STACK || this == DISPATCH;
    }
}
