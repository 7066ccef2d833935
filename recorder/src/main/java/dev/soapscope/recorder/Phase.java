package dev.soapscope.recorder;

/**
 * The request phases soapscope splits time into: the one declaration every probe, metric tag, report and
 * flame-graph label uses. A request's phases add up to the request: {@link #OTHER} takes the time no phase claims.
 */
public enum Phase {
    TRANSPORT_READ("transport.read", "reading the request from the connection (time blocked in the input stream)"),
    SOAP_PARSE("soap.parse", "turning bytes into a SOAP message or envelope"),
    ATTACHMENTS("attachments", "reading and writing MIME / MTOM attachments"),
    HANDLERS("handlers", "the stack's own handler, interceptor or tube chain routing the message between the "
            + "phases above and below: addressing, dispatch, policy, the pipeline itself"),
    SECURITY("security", "WS-Security: signatures, encryption, token checks"),
    UNMARSHAL("unmarshal", "binding the payload to objects (JAXB, JiBX, data readers)"),
    INVOKE("invoke", "the service's own code"),
    MARSHAL("marshal", "binding the response objects to XML"),
    SOAP_SERIALIZE("soap.serialize", "turning the response message into bytes"),
    TRANSPORT_WRITE("transport.write", "writing the response to the connection"),
    LOGGING("logging", "inside a logging framework (Log4j, Logback, java.util.logging) writing a log line; "
            + "a disabled level costs nothing here"),
    VALIDATION("validation", "validating XML against a schema (javax.xml.validation, a stack's validating interceptor)"),
    OTHER("other", "request time that no phase claims");

    /** Number of phases; sizes the per-thread and per-operation arrays. */
    public static final int COUNT = values().length;
    private static final Phase[] BY_ORDINAL = values();

    private final String tag;
    private final String description;

    Phase(String tag, String description) {
        this.tag = tag;
        this.description = description;
    }

    /** The name used in metrics tags, JSON and flame graphs, such as {@code soap.parse}. */
    public String tag() {
        return tag;
    }

    public String description() {
        return description;
    }

    public static Phase of(int ordinal) {
        return BY_ORDINAL[ordinal];
    }

    /** The phase with this tag, or null. */
    public static Phase byTag(String tag) {
        for (Phase p : BY_ORDINAL) {
            if (p.tag.equals(tag)) {
                return p;
            }
        }
        return null;
    }
}
