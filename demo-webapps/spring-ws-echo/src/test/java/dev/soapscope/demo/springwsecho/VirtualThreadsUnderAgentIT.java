package dev.soapscope.demo.springwsecho;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.PrometheusText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Spring's echo sample, the unmodified Boot jar, on JDK 25 with {@code spring.threads.virtual.enabled}: Tomcat serves
 * every request on a virtual thread, whose allocation the JDK does not count (ThreadMXBean answers -1). The requests
 * are recorded as on platform threads (counts, name, phases); their allocation is absent and said to be, never a 0:
 * {@code allocation_measured} false, no {@code alloc_bytes}, no allocation series, and one line saying why.
 */
class VirtualThreadsUnderAgentIT {
    private static final String OPERATION = "{http://www.springframework.org/spring-ws/samples/echo}echoRequest";
    private static final int REQUESTS = 100;

    @Test
    void requestsOnVirtualThreadsAreRecordedAndTheirAllocationIsAbsentNotZero() throws Exception {
        Path jdk25 = Jdks.java25().orElse(null);
        assumeTrue(jdk25 != null, "no Java 25 on this machine: virtual threads need Java 21+");
        try (BootJarUnderAgent app = BootJarUnderAgent.start(
                Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")),
                Path.of(System.getProperty("echo.jar", "target/echo-server.jar")), jdk25,
                "--spring.threads.virtual.enabled=true")) {
            AgentEndpoint agent = app.agent();
            for (int i = 0; i < REQUESTS; i++) {
                String envelope = "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"><SOAP-ENV:Body>"
                        + "<echoRequest xmlns=\"http://www.springframework.org/spring-ws/samples/echo\">Hello</echoRequest>"
                        + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
                Http.Response r = Http.post(app.uri("/echo-server"), envelope, "text/xml; charset=utf-8",
                        Map.of("SOAPAction", "\"\""));
                assertEquals(200, r.status(), r.body());
            }
            agent.awaitRequests(OPERATION, REQUESTS);
            JsonNode phases = agent.phases();
            JsonNode op = AgentEndpoint.operation(phases, OPERATION);
            assertEquals(REQUESTS, op.get("requests").asLong());
            for (String phase : new String[] {"soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
                assertTrue(op.get("phases").has(phase), phase + ": " + op);
            }
            assertFalse(phases.get("allocation_measured").asBoolean(), "allocation on virtual threads is not measured");
            assertEquals(0, op.get("alloc_measured_requests").asLong(), op.toPrettyString());
            assertFalse(op.has("alloc_bytes_per_request"), "absent, not zero: " + op);
            op.get("phases").forEach(p -> assertFalse(p.has("alloc_bytes"), "absent, not zero: " + p));
            PrometheusText metrics = agent.metrics();
            assertTrue(metrics.samples("soapscope_request_allocated_bytes_count").isEmpty(), "no allocation series");
            assertTrue(metrics.samples("soapscope_phase_allocated_bytes_total").isEmpty(), "no allocation series");
            assertEquals(1, app.soapscopeOutput().split("allocation is not measured for requests on virtual threads", -1).length - 1,
                    "said once: " + app.soapscopeOutput());
        }
    }
}
