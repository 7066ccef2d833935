package dev.soapscope.recorder;

/** The kinds of known hot spot soapscope counts per request: the one declaration of that vocabulary. */
public enum HotSpotKind {
    FACTORY_CREATE("factory.create", "an XML, JAXB or SAAJ factory created (expensive service lookup and set-up)"),
    REGEX_COMPILE("regex.compile", "a regular expression compiled"),
    UUID_RANDOM("uuid.random", "a random UUID generated (SecureRandom)"),
    CRYPTO_LOAD("crypto.load", "a key store or crypto provider loaded"),
    STREAM_SINGLE_BYTE_READ("stream.single_byte_read", "a single-byte read() on a request stream"),
    SOAP_CONVERSION("soap.conversion", "a SOAP message converted between forms (bytes, string, DOM, envelope)"),
    PAYLOAD_CACHED("payload.cached", "a payload read through an in-memory tree that is built and kept, where it could have been streamed"),
    MESSAGE_LOGGED("message.logged", "a whole SOAP message copied into a string or buffer only to be logged"),
    CLIENT_CREATE("client.create", "a SOAP client built: a JAX-WS Service (its WSDL fetched and parsed) or port, a CXF proxy or Bus, an Axis2 ServiceClient or stub, a Spring-WS template, a SAAJ SOAPConnection; expensive when done per call instead of once"),
    CONNECTION_NEW("connection.new", "a SOAP call opened a new TCP connection to a peer the JVM had connected to before: keep-alive was not used", true),
    EXCEPTION_THROWN("exception.thrown", "a failed reflective look-up of a method or field: its NoSuchMethodException or NoSuchFieldException created with a stack trace, usually thrown and caught");

    public static final int COUNT = values().length;
    private static final HotSpotKind[] BY_ORDINAL = values();

    private final String tag;
    private final String description;
    private final boolean blamesApplication;

    HotSpotKind(String tag, String description) {
        this(tag, description, false);
    }

    HotSpotKind(String tag, String description, boolean blamesApplication) {
        this.tag = tag;
        this.description = description;
        this.blamesApplication = blamesApplication;
    }

    /**
     * Its caller is the application's line that made the call, past the SOAP stacks and HTTP clients (which open
     * connections on the application's behalf, where nothing can be done about them), rather than the first frame
     * past the JDK.
     */
    public boolean blamesApplication() {
        return blamesApplication;
    }

    public String tag() {
        return tag;
    }

    public String description() {
        return description;
    }

    public static HotSpotKind of(int ordinal) {
        return BY_ORDINAL[ordinal];
    }

    /** The kind of a tag ({@code factory.create}), or null. */
    public static HotSpotKind byTag(String tag) {
        for (HotSpotKind k : BY_ORDINAL) {
            if (k.tag.equals(tag)) {
                return k;
            }
        }
        return null;
    }
}
