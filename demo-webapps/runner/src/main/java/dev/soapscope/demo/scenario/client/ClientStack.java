package dev.soapscope.demo.scenario.client;

import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.util.Map;

import dev.soapscope.demo.mtom.api.QueryCaller;

/**
 * The client stacks the client scenarios run, each calling the same CXF service: how its {@link QueryCaller} is made,
 * and for a stack that cannot share the runner's class path (Metro would replace CXF as the JAX-WS provider; Spring-WS
 * and Axis2 are not in the runner jar), the client kit module whose jars come first on its client JVM's class path.
 */
public enum ClientStack {
    CXF("Apache CXF 4.2 (JAX-WS)", null, JaxWsQueryCaller.class.getName(), Map.of(),
            "CXF's FAQ: its JAX-WS proxies are thread safe for most uses (not their request context), so build one "
                    + "and share it rather than one per call"),
    METRO("Metro 4.0 (JAX-WS RI)", "metro", JaxWsQueryCaller.class.getName(),
            // the JAX-WS API's own lookup: Metro rather than the CXF in the runner jar
            Map.of("jakarta.xml.ws.spi.Provider", "com.sun.xml.ws.spi.ProviderImpl"),
            "Metro's guide: a Service is costly to build (its WSDL is read and parsed) and safe to share, a port is "
                    + "not thread safe, so keep the Service and pool the ports"),
    SAAJ("SAAJ 3.0 (SOAPConnection)", null, SaajQueryCaller.class.getName(), Map.of(),
            "SAAJ's API: one SOAPConnection serves any number of calls until it is closed"),
    SPRING_WS("Spring-WS 5.0 (WebServiceTemplate)", "spring-ws", "dev.soapscope.demo.client.springws.SpringWsQueryCaller",
            Map.of(), "Spring-WS's reference: a WebServiceTemplate is thread safe once configured; define it once, as "
                    + "a bean"),
    AXIS2("Axis2 1.8 (ServiceClient)", "axis2", "dev.soapscope.demo.client.axis2.Axis2QueryCaller", Map.of(),
            "Axis2's documentation: a ServiceClient built without a ConfigurationContext builds its own (axis2.xml "
                    + "read, modules deployed), so share one and call cleanupTransport after each call; Axis2 1.8 "
                    + "builds an HttpClient for every call (over a shared pool) unless HTTPConstants.CACHED_HTTP_CLIENT "
                    + "holds one");

    private final String title;
    private final String kit;
    private final String callerClass;
    private final Map<String, String> systemProperties;
    private final String advice;

    ClientStack(String title, String kit, String callerClass, Map<String, String> systemProperties, String advice) {
        this.title = title;
        this.kit = kit;
        this.callerClass = callerClass;
        this.systemProperties = systemProperties;
        this.advice = advice;
    }

    /** What the stack's own documentation advises about building its clients, for the report. */
    public String advice() {
        return advice;
    }

    public String title() {
        return title;
    }

    /** The client kit ({@code demo-webapps/clients/KIT}), null when the runner's class path has the stack. */
    public String kit() {
        return kit;
    }

    /** System properties the client JVM needs for this stack. */
    public Map<String, String> systemProperties() {
        return systemProperties;
    }

    /** A new client of the service at {@code address}. */
    public QueryCaller open(URI address) throws Exception {
        try {
            return (QueryCaller) Class.forName(callerClass).getConstructor(URI.class).newInstance(address);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw new IllegalStateException(title + ": " + e.getCause(), e.getCause());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(title + " is not on this JVM's class path (" + callerClass
                    + "): its client kit " + kit + " was not found", e);
        }
    }
}
