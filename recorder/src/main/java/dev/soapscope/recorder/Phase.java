package dev.soapscope.recorder;

/**
 * The request phases soapscope splits time into: the one declaration every probe, metric tag, report and
 * flame-graph label uses. A request's phases add up to the request: {@link #OTHER} takes the time no phase claims.
 */
public enum Phase {
    TRANSPORT_READ("transport.read", "#80b1d3", "reading the request from the connection (time blocked in the input stream)"),
    SOAP_PARSE("soap.parse", "#fdb462", "turning bytes into a SOAP message or envelope"),
    ATTACHMENTS("attachments", "#bebada", "reading and writing MIME / MTOM attachments"),
    HANDLERS("handlers", "#ccebc5", "the stack's own handler, interceptor or tube chain routing the message between the "
            + "phases above and below: addressing, dispatch, policy, the pipeline itself"),
    SECURITY("security", "#fb8072", "WS-Security: signatures, encryption, token checks"),
    UNMARSHAL("unmarshal", "#ffed6f", "binding the payload to objects (JAXB, JiBX, data readers)"),
    INVOKE("invoke", "#b3de69", "the service's own code"),
    MARSHAL("marshal", "#e5c494", "binding the response objects to XML"),
    SOAP_SERIALIZE("soap.serialize", "#fccde5", "turning the response message into bytes"),
    TRANSPORT_WRITE("transport.write", "#8dd3c7", "writing the response to the connection"),
    LOGGING("logging", "#bc80bd", "inside a logging framework (Log4j, Logback, java.util.logging) writing a log line; "
            + "a disabled level costs nothing here"),
    VALIDATION("validation", "#c49c94", "validating XML against a schema (javax.xml.validation, a stack's validating interceptor)"),
    OTHER("other", "#b0b0b0", "request time that no phase claims");

    /** Number of phases; sizes the per-thread and per-operation arrays. */
    public static final int COUNT = values().length;
    private static final Phase[] BY_ORDINAL = values();

    private final String tag;
    private final String colour;
    private final String description;

    Phase(String tag, String colour, String description) {
        this.tag = tag;
        this.colour = colour;
        this.description = description;
    }

    /** The name used in metrics tags, JSON and flame graphs, such as {@code soap.parse}. */
    public String tag() {
        return tag;
    }

    /**
     * The phase's colour wherever phases are drawn (flame graph phase frames, charts, pages), as {@code #rrggbb}: light
     * enough for black text, one hue per phase (ColorBrewer's Set3 and its neighbours), grey for {@link #OTHER}.
     */
    public String colour() {
        return colour;
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
