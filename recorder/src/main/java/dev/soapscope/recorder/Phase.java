package dev.soapscope.recorder;

/**
 * The phases soapscope splits time into, for requests a JVM serves and SOAP calls it makes: the one declaration every
 * probe, metric tag, report and flame-graph label uses. A request's (or call's) phases add up to it: {@link #OTHER}
 * takes the time no phase claims. Most phases mean the same on both sides ("the message" is the request a server reads
 * or the response a client reads); {@link #sides} says which side a phase can occur on, which sizes the series budget.
 */
public enum Phase implements Sides.Sided {
    TRANSPORT_READ("transport.read", "#80b1d3", "reading the incoming message from the connection (time blocked in the input stream)"),
    SOAP_PARSE("soap.parse", "#fdb462", "turning bytes into a SOAP message or envelope"),
    ATTACHMENTS("attachments", "#bebada", "reading and writing MIME / MTOM attachments"),
    HANDLERS("handlers", "#ccebc5", "the stack's own handler, interceptor or tube chain routing the message between the "
            + "phases above and below: addressing, dispatch, policy, the pipeline itself"),
    SECURITY("security", "#fb8072", "WS-Security: signatures, encryption, token checks"),
    UNMARSHAL("unmarshal", "#ffed6f", "binding the payload to objects (JAXB, JiBX, data readers)"),
    INVOKE("invoke", "#b3de69", "the service's own code", Sides.SERVER),
    MARSHAL("marshal", "#e5c494", "binding objects to the outgoing payload's XML"),
    SOAP_SERIALIZE("soap.serialize", "#fccde5", "turning the outgoing message into bytes"),
    TRANSPORT_WRITE("transport.write", "#8dd3c7", "writing the outgoing message to the connection"),
    LOGGING("logging", "#bc80bd", "inside a logging framework (Log4j, Logback, java.util.logging) writing a log line; "
            + "a disabled level costs nothing here"),
    VALIDATION("validation", "#c49c94", "validating XML against a schema (javax.xml.validation, a stack's validating interceptor)"),
    CONNECT("connect", "#9edae5", "a client opening a TCP connection (and its TLS handshake) to the service; none on a reused connection",
            Sides.CLIENT),
    WAIT("wait", "#c7c7c7", "a client waiting from its request sent to the first byte of the answer: the server and the network",
            Sides.CLIENT),
    DOWNSTREAM("downstream", "#dbdb8d", "a request waiting on the SOAP calls it makes to other services (their own "
            + "breakdown is in the client calls)", Sides.SERVER),
    OTHER("other", "#b0b0b0", "time that no phase claims");

    /** Number of phases; sizes the per-thread and per-operation arrays. */
    public static final int COUNT = values().length;
    private static final Phase[] BY_ORDINAL = values();

    private final String tag;
    private final String colour;
    private final String description;
    private final int sides;

    Phase(String tag, String colour, String description) {
        this(tag, colour, description, Sides.BOTH);
    }

    Phase(String tag, String colour, String description, int sides) {
        this.tag = tag;
        this.colour = colour;
        this.description = description;
        this.sides = sides;
    }

    /** Whether a request a JVM serves can spend time in this phase. */
    public boolean onServer() {
        return Sides.on(sides, false);
    }

    /** Whether a SOAP call a JVM makes can spend time in this phase. */
    public boolean onClient() {
        return Sides.on(sides, true);
    }

    @Override
    public int sides() {
        return sides;
    }

    /** How many phases a side can have: what sizes its metric series. */
    public static int count(boolean client) {
        return Sides.count(BY_ORDINAL, client);
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
