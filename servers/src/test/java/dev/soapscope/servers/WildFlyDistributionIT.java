package dev.soapscope.servers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The WildFly distribution from Maven Central (org.wildfly:wildfly-dist:tar.gz), unmodified, started by
 * {@code bin/standalone.sh} with {@code JAVA_OPTS=-javaagent:soapscope-agent.jar=port=0}; a plain jakarta.jws
 * {@code @WebService} WAR (served by WildFly's own JBossWS on CXF) dropped into a fresh server base's
 * {@code deployments/}. WildFly must boot (the agent's premain must leave java.util.logging to JBoss Modules), the
 * advice in WildFly's modules must reach the recorder, and nothing the agent prints may be a warning.
 */
@ExtendWith(ServerLogOnFailure.class)
class WildFlyDistributionIT {
    static final int N = 20;
    static final String OPERATION = "{urn:soapscope:jaxws-echo}echo";
    /** The phases JBossWS's CXF goes through for a plain document/literal call. */
    static final String[] CXF_PHASES = {"transport.read", "soap.parse", "unmarshal", "invoke", "marshal",
            "soap.serialize", "transport.write"};

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void jaxwsWarWithTheAgentInJavaOpts() throws Exception {
        String wildflyHome = System.getProperty("soapscope.test.wildflyHome", "");
        assumeFalse(wildflyHome.isEmpty(), "WildFly is off (-Dservers.skipWildFly)");
        Path home = Launch.existing("soapscope.test.wildflyHome", "the unpacked WildFly distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        Path war = Launch.existing("soapscope.test.webapps", "target/webapps").resolve("jaxws-echo.war");
        try (WildFlyServer wildfly = WildFlyServer.start("WildFly", home, dir.resolve("standalone"), List.of(war),
                // log=debug: the agent also writes lines after WildFly has put its own stream in System.err
                "-javaagent:" + agentJar + "=port=0,log=debug")) {
            AgentEndpoint agent = wildfly.agent();
            assertEquals(200, wildfly.awaitDeployed("/jaxws-echo/echo?wsdl"), "the WSDL of the deployed service");
            for (int i = 0; i < N; i++) {
                String text = "hello " + i;
                Http.Response r = Http.post(wildfly.uri("/jaxws-echo/echo"), envelope(text), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"\""));
                assertEquals(200, r.status(), r::toString);
                assertTrue(r.body().contains("<reply>" + text + " (" + text.length() + " chars)</reply>"), r.body());
            }
            wildfly.mark(N + " echoes answered");

            PrometheusText metrics = agent.metrics();
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", OPERATION, "outcome", "success")), 0.0, metrics.samples().toString());
            JsonNode op = AgentEndpoint.operation(agent.phases(), OPERATION);
            assertEquals(N, op.get("requests").asLong(), op::toPrettyString);
            for (String phase : CXF_PHASES) {
                assertEquals(N, metrics.value("soapscope_phase_duration_seconds_count",
                        Map.of("operation", OPERATION, "phase", phase)), 0.0, () -> phase + ": " + op.toPrettyString());
            }
            System.out.printf("[servers] WildFly: %s: other is %.1f%% of the request time%n", OPERATION,
                    100 * op.path("phases").path("other").path("share").asDouble());

            String console = wildfly.console();
            assertTrue(console.contains("WFLYSRV0025"), "WildFly started without errors (WFLYSRV0025)\n" + console);
            wildfly.assertNoAgentWarning();
            List<String> agentLines = wildfly.agentLines();
            assertTrue(agentLines.stream().anyMatch(l -> l.contains("instrumented org.apache.cxf.")),
                    () -> "no line from after WildFly's logging took System.err over:\n" + agentLines);
            wildfly.stop(agent.port());
        }
    }

    static String envelope(String text) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<e:echo xmlns:e=\"urn:soapscope:jaxws-echo\"><text>" + text + "</text></e:echo>"
                + "</soap:Body></soap:Envelope>";
    }
}
