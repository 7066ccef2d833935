package dev.soapscope.servers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The smallest JAX-WS application: one annotated class in {@code WEB-INF/classes}, no descriptor, so the server's own
 * JAX-WS implementation (Metro in GlassFish and Payara) publishes it. Compiled here against the distribution's own
 * {@code jakarta.jws} API jar, so the test needs no API of its own.
 */
final class JaxwsEcho {
    static final String NAMESPACE = "urn:servers";
    /** SOAPAction of each operation, as declared by {@code @WebMethod(action)}: the agent names requests by it. */
    static final String ECHO_ACTION = "urn:servers:echo";
    static final String ADD_ACTION = "urn:servers:add";
    /** What the agent names them: the operation Metro dispatched to (its WSDL operation), whatever the SOAPAction. */
    static final String ECHO_OPERATION = "{urn:servers}echo";
    static final String ADD_OPERATION = "{urn:servers}add";
    static final String SERVICE_PATH = "/EchoService";
    static final int N = 20;

    private static final String SOURCE = """
            package servers;

            import jakarta.jws.WebMethod;
            import jakarta.jws.WebParam;
            import jakarta.jws.WebService;

            @WebService(serviceName = "EchoService", targetNamespace = "urn:servers")
            public class Echo {
                @WebMethod(action = "urn:servers:echo")
                public String echo(@WebParam(name = "text") String text) {
                    return "echo:" + text;
                }

                @WebMethod(action = "urn:servers:add")
                public int add(@WebParam(name = "a") int a, @WebParam(name = "b") int b) {
                    return a + b;
                }
            }
            """;

    private JaxwsEcho() {
    }

    /** Writes {@code dir/NAME.war}, compiled against {@code apiJar} (a jar with {@code jakarta.jws}). */
    static Path build(Path dir, String name, Path apiJar) throws IOException {
        Path src = Files.createDirectories(dir.resolve("war-src/servers")).resolve("Echo.java");
        Files.writeString(src, SOURCE);
        Path classes = Files.createDirectories(dir.resolve("war-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int rc = javac.run(null, errors, errors, "--release", "11", "-cp", apiJar.toString(),
                "-d", classes.toString(), src.toString());
        if (rc != 0) {
            throw new AssertionError("compiling the JAX-WS service failed:\n" + errors);
        }
        Path war = dir.resolve(name + ".war");
        try (OutputStream file = Files.newOutputStream(war); JarOutputStream jar = new JarOutputStream(file)) {
            jar.putNextEntry(new JarEntry("WEB-INF/classes/servers/Echo.class"));
            jar.write(Files.readAllBytes(classes.resolve("servers/Echo.class")));
            jar.closeEntry();
        }
        return war;
    }

    static String echoEnvelope(String text) {
        return envelope("<s:echo xmlns:s=\"" + NAMESPACE + "\"><text>" + text + "</text></s:echo>");
    }

    static String addEnvelope(int a, int b) {
        return envelope("<s:add xmlns:s=\"" + NAMESPACE + "\"><a>" + a + "</a><b>" + b + "</b></s:add>");
    }

    private static String envelope(String body) {
        return "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>" + body
                + "</S:Body></S:Envelope>";
    }

    /**
     * Waits for the service's WSDL, sends N requests per operation, checks every answer, then the agent's endpoint:
     * exactly N requests per operation, named by the operation Metro dispatched to, every request byte counted once,
     * the transport phases N times. Prints each operation's {@code other} share.
     */
    static void driveAndCheck(DistributionServer server, AgentEndpoint agent, String context) {
        driveAndCheck(server, agent, context, ECHO_OPERATION, ADD_OPERATION);
    }

    /** As above, for a server whose stack names the requests otherwise (Liberty's CXF: by their SOAPAction). */
    static void driveAndCheck(DistributionServer server, AgentEndpoint agent, String context, String echoName,
                              String addName) {
        String service = context + SERVICE_PATH;
        assertEquals(200, server.awaitDeployed(service + "?wsdl"), "the service's WSDL");
        for (int i = 0; i < N; i++) {
            Http.Response r = post(server, service, ECHO_ACTION, echoEnvelope("order-" + i));
            assertTrue(r.body().contains("<return>echo:order-" + i + "</return>"), r::toString);
        }
        for (int i = 0; i < N; i++) {
            Http.Response r = post(server, service, ADD_ACTION, addEnvelope(1000 + i, 2000));
            assertTrue(r.body().contains("<return>" + (3000 + i) + "</return>"), r::toString);
        }
        server.mark(2 * N + " requests answered");

        PrometheusText metrics = agent.metrics();
        JsonNode phases = agent.phases();
        long echoBytes = 0;
        long addBytes = 0;
        for (int i = 0; i < N; i++) {
            echoBytes += Soap.utf8Length(echoEnvelope("order-" + i));
            addBytes += Soap.utf8Length(addEnvelope(1000 + i, 2000));
        }
        Map<String, Long> bytesIn = Map.of(echoName, echoBytes, addName, addBytes);
        for (String operation : List.of(echoName, addName)) {
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", operation, "outcome", "success")), 0.0, operation + "\n" + phases);
            assertEquals((double) bytesIn.get(operation), metrics.value("soapscope_request_bytes_sum",
                    Map.of("operation", operation, "direction", "in")), 0.0, operation + ": every request byte, once");
            JsonNode op = AgentEndpoint.operation(phases, operation);
            assertEquals(N, op.get("requests").asLong(), op::toPrettyString);
            for (String phase : new String[] {"transport.read", "transport.write"}) {
                assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                        Map.of("operation", operation, "phase", phase)), 0.0, operation + " " + phase);
            }
            System.out.printf("[servers] %s: %s other share %.3f%n", server.name(), operation,
                    op.get("phases").path("other").path("share").asDouble());
        }
    }

    private static Http.Response post(DistributionServer server, String path, String action, String envelope) {
        Http.Response r = Http.post(server.uri(path), envelope, Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "\"" + action + "\""));
        assertEquals(200, r.status(), r::toString);
        return r;
    }
}
