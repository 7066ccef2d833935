package dev.soapscope.recorder;

/**
 * Which frames a hot-spot event is never blamed on: soapscope's own, the JDK and the Java/Jakarta EE APIs, and the
 * stacks' known wrappers (utility classes that only forward to the JDK call for their callers). The one declaration
 * of that list; {@link Callers} walks the stack with it.
 */
final class CallerFrames {
    /** soapscope's own frames: the recorder, the agent's advice helpers, the filter. */
    private static final String FILTER = "dev.soapscope.filter.";
    private static final String[] OURS = {"dev.soapscope.recorder.", "dev.soapscope.agent.", FILTER};
    /** The JDK (its public and internal packages) and the EE APIs, whose factory finders sit between a call and its caller. */
    private static final String[] JDK = {"java.", "javax.", "jakarta.", "jdk.", "sun.", "com.sun.org.apache.",
        "com.sun.xml.internal.", "com.sun.proxy.", "com.sun.crypto.", "com.sun.jndi.", "com.sun.net.", "com.sun.jmx.", "com.sun.management."};
    /**
     * Classes that merely forward to the JDK call (or to the class a probe counts) on behalf of their callers: the
     * code to act on is whoever called them. A class listed here also stands for its nested classes.
     */
    private static final String[] WRAPPERS = {
        "org.apache.cxf.staxutils.StaxUtils",                      // CXF: creates StAX factories and readers for its callers
        "org.apache.axiom.om.util.StAXUtils",                      // Axiom 1.2-1.4: the same
        "org.apache.axis.SOAPPart", "org.apache.axis.Message",     // Axis 1: form changes asked by handlers
        "org.springframework.xml.XMLInputFactoryUtils",            // Spring-WS factory helpers
        "org.springframework.xml.DocumentBuilderFactoryUtils",
        "org.springframework.xml.transform.TransformerFactoryUtils",
        "org.springframework.xml.validation.SchemaFactoryUtils",
        "org.apache.axis2.client.ServiceClient",                   // Axis2: builds its ConfigurationContext for its caller
        "org.apache.hc.core5.ssl.SSLContextBuilder",               // Apache HttpClient 5 and 4: load key and trust
        "org.apache.http.ssl.SSLContextBuilder"};                  // material (KeyStore.load) for their callers

    /**
     * The SOAP stacks' client side and the HTTP clients under them: passed over for the hot spots that blame the
     * application ({@link HotSpotKind#blamesApplication}), which these open on its behalf. Their samples' own
     * packages (Spring-WS's {@code org.springframework.ws.samples}) are left out.
     */
    private static final String[] CLIENT_STACKS = {"org.apache.cxf.", "com.sun.xml.ws.", "com.sun.xml.messaging.saaj.",
        "org.springframework.ws.client.", "org.springframework.ws.transport.", "org.springframework.ws.soap.",
        "org.springframework.ws.support.", "org.springframework.oxm.", "org.apache.axis2.", "org.apache.axiom.",
        "org.apache.axis.", "org.apache.hc.", "org.apache.http.", "org.apache.commons.httpclient.", "okhttp3.",
        "io.netty.", "org.apache.activemq."};

    private CallerFrames() {
    }

    /** A frame of a SOAP stack's client side or of an HTTP client. */
    static boolean isClientStack(String className) {
        return startsWithAny(className, CLIENT_STACKS);
    }

    static boolean isOurs(String className) {
        return startsWithAny(className, OURS);
    }

    /**
     * One of our frames that the application calls itself (the filter's stream and reader wrappers), unlike the agent's
     * advice, which is inlined in the instrumented method: the frame below it is already the caller's.
     */
    static boolean isCalledDirectly(String className) {
        return className.startsWith(FILTER);
    }

    /** soapscope's own frames or the JDK's: passed over on the way to the caller, class initializers included. */
    static boolean isJdk(String className) {
        return startsWithAny(className, JDK) || startsWithAny(className, OURS);
    }

    /** A known wrapper: passed over unless it is its class initializer (which happens once). */
    static boolean isWrapper(String className) {
        for (String w : WRAPPERS) {
            if (className.startsWith(w)
                    && (className.length() == w.length() || className.charAt(w.length()) == '$')) {
                return true;
            }
        }
        return false;
    }

    /** A compiler's synthetic accessor ({@code access$000}, before Java 11's nest mates): it only forwards. */
    static boolean isAccessor(String methodName) {
        return methodName.startsWith("access$");
    }

    private static boolean startsWithAny(String s, String[] prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
