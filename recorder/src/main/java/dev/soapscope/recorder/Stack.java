package dev.soapscope.recorder;

/**
 * The SOAP stacks and libraries soapscope has probes for, and what it measures in each: the one declaration of
 * that vocabulary, used by the probes, the log line on first sight and {@code /phases}.
 */
public enum Stack {
    CXF("cxf", "Apache CXF", "org.apache.cxf.", "each interceptor in the phase its CXF phase maps to (CXF phase names kept as details), "
            + "data binding as unmarshal / marshal, the service call as invoke, MIME / MTOM attachments"),
    AXIS2("axis2", "Apache Axis2", "org.apache.axis2.", "building the message as soap.parse, the handler chain as handlers with Axis2's "
            + "phase names as details (Security as security), message receivers as invoke, RPC arguments and results "
            + "and wsdl2java's generated data binding (ADB, XMLBeans, JiBX) as unmarshal / marshal, message formatters "
            + "as soap.serialize"),
    AXIS1("axis1", "Apache Axis 1", "org.apache.axis.", "the SAX parse as soap.parse, RPC arguments as unmarshal, the service call as "
            + "invoke, the response's RPC element as marshal and its envelope as soap.serialize"),
    METRO("metro", "Metro (JAX-WS RI)", "com.sun.xml.ws.", "codec decode and the envelope read as soap.parse, the servlet dispatch, "
            + "HTTP adapter and tube pipeline as handlers, JAXB through Metro's bridges and a Provider's argument and "
            + "result as unmarshal / marshal, the invoker as invoke, codec encode as soap.serialize"),
    SPRING_WS("spring-ws", "Spring-WS", "org.springframework.ws.", "message creation and endpoint lookup as soap.parse, the dispatcher and its "
            + "interceptor chain as handlers, argument resolvers as unmarshal, the endpoint method as invoke, return "
            + "value handlers as marshal, writing the message as soap.serialize"),
    SAAJ("saaj", "SAAJ", null, "envelope parsing as soap.parse, saving and writing the message as soap.serialize, "
            + "conversions between stream and envelope as hot spots"),
    AXIOM("axiom", "Apache Axiom", null, "building the object model as soap.parse, serializing it as soap.serialize, "
            + "conversions between stream and envelope as hot spots"),
    JAXB("jaxb", "JAXB", null, "Unmarshaller.unmarshal as unmarshal, Marshaller.marshal as marshal"),
    WSS4J("wss4j", "Apache WSS4J", null, "key store and crypto loading as hot spots"),
    RAMPART("rampart", "Apache Rampart", null, "its engine and handlers as security, its conversions of the message between "
            + "Axiom's OM and DOOM around WSS4J as hot spots");

    /** What a service that touched none of the stacks above gets measured. */
    public static final String NONE = "on no known SOAP stack: only transport (reading the request, writing the "
            + "response) and JDK hot spots are measured for it; its time is in other";

    private final String tag;
    private final String title;
    /** The package a stack that serves requests keeps its classes in; null for the libraries under them. */
    private final String servingPackage;
    private final String measured;

    Stack(String tag, String title, String servingPackage, String measured) {
        this.tag = tag;
        this.title = title;
        this.servingPackage = servingPackage;
        this.measured = measured;
    }

    /** The stack that serves requests and owns {@code className}, or null: for naming the entry of unserved work. */
    public static Stack servingWith(String className) {
        for (Stack s : values()) {
            if (s.servingPackage != null && className.startsWith(s.servingPackage)) {
                return s;
            }
        }
        return null;
    }

    /** The short name, as in probe names and JSON, such as {@code cxf}. */
    public String tag() {
        return tag;
    }

    /** The name a user knows the stack by, such as {@code Apache CXF}. */
    public String title() {
        return title;
    }

    /** One sentence: what soapscope measures in this stack. */
    public String measured() {
        return measured;
    }

    /** Whether only a stack's probes record this phase (the transport, logging, validation and other do not). */
    public static boolean recordedByStacks(Phase p) {
        return p != Phase.TRANSPORT_READ && p != Phase.TRANSPORT_WRITE && p != Phase.LOGGING
                && p != Phase.VALIDATION && p != Phase.OTHER;
    }
}
