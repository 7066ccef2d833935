package dev.soapscope.servers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Open Liberty distribution from Maven Central (io.openliberty:openliberty-runtime:zip, every feature), unmodified,
 * with {@code -javaagent:soapscope-agent.jar=port=0} in the server's {@code jvm.options}. Liberty runs on Equinox and
 * loads the servlet API and its own JAX-WS (CXF) from bundles: without the agent adding its packages to Equinox's boot
 * delegation nothing is recorded (the agent said so in a WARN and the requests went to background). Two servers: Liberty's
 * own JAX-WS ({@code xmlWS-4.0}) serving a plain {@code @WebService} WAR, and {@code servlet-6.0} serving Metro's
 * {@code fromjava} sample WAR, which bundles Metro. 352 MB: with {@code -Pall-servers}.
 */
@ExtendWith(ServerLogOnFailure.class)
class LibertyDistributionIT {
    private static final int N = 20;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void libertysOwnJaxwsWithTheAgentInJvmOptions() throws Exception {
        Path home = home();
        Path api;
        try (Stream<Path> jars = Files.list(home.resolve("dev/api/spec"))) {
            api = jars.filter(p -> p.getFileName().toString().startsWith("io.openliberty.jakarta.jws.3.0_")).findFirst()
                    .orElseThrow(() -> new AssertionError("no jakarta.jws API jar in " + home + "/dev/api/spec"));
        }
        Path war = JaxwsEcho.build(dir, "jaxws-echo", api);
        try (LibertyServer server = LibertyServer.start("Open Liberty (xmlWS)", home, dir.resolve("usr"),
                List.of("xmlWS-4.0"), List.of(war), List.of(agentOption()))) {
            server.awaitReady();
            AgentEndpoint agent = server.agent();
            // Liberty's CXF names each request by its SOAPAction (a client's label ranks above CXF's operation)
            JaxwsEcho.driveAndCheck(server, agent, "/jaxws-echo", JaxwsEcho.ECHO_ACTION, JaxwsEcho.ADD_ACTION);
            JsonNode echo = AgentEndpoint.operation(agent.phases(), JaxwsEcho.ECHO_ACTION);
            for (String phase : new String[] {"soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
                assertEquals(N, echo.get("phases").path(phase).path("requests").asLong(), phase + ": " + echo);
            }
            server.assertNoAgentWarning();
            server.stop(agent.port());
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aWarBundlingMetroOnLibertysServlet() throws Exception {
        Path war = Launch.existing("soapscope.test.webapps", "target/webapps").resolve("metro-fromjava.war");
        try (LibertyServer server = LibertyServer.start("Open Liberty (servlet, Metro)", home(), dir.resolve("usr"),
                List.of("servlet-6.0"), List.of(war), List.of(agentOption()))) {
            server.awaitReady();
            AgentEndpoint agent = server.agent();
            assertEquals(200, server.awaitDeployed("/metro-fromjava/addnumbers?wsdl"), "the sample's WSDL");
            for (int i = 0; i < N; i++) {
                String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                        + "<ns2:addNumbers xmlns:ns2=\"http://server.fromjava/\"><arg0>" + i + "</arg0><arg1>" + 2 * i
                        + "</arg1></ns2:addNumbers></S:Body></S:Envelope>";
                Http.Response r = Http.post(server.uri("/metro-fromjava/addnumbers"), envelope, "text/xml; charset=utf-8",
                        Map.of("SOAPAction", "\"\""));
                assertEquals(200, r.status(), r::toString);
                assertTrue(r.body().contains("<return>" + 3 * i + "</return>"), r.body());
            }
            JsonNode phases = agent.phases();
            JsonNode add = AgentEndpoint.operation(phases, "{http://server.fromjava/}addNumbers");
            assertEquals(N, add.get("requests").asLong(), phases.toPrettyString());
            for (String phase : new String[] {"handlers", "soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
                assertEquals(N, add.get("phases").path(phase).path("requests").asLong(), phase + ": " + add);
            }
            // before the fix each request's Metro phases were background work; Metro's deployment may still leave one span
            JsonNode background = phases.path("background");
            assertTrue(background.isMissingNode() || background.get("spans").asLong() < N
                    && !background.get("phases").has("invoke"), "Metro's phases are the requests': " + background);
            server.assertNoAgentWarning();
            server.stop(agent.port());
        }
    }

    private static Path home() {
        assumeTrue(!System.getProperty("soapscope.test.libertyHome", "").isBlank(), "Open Liberty runs with -Pall-servers");
        return Launch.existing("soapscope.test.libertyHome", "the unpacked Open Liberty distribution");
    }

    private static String agentOption() {
        return "-javaagent:" + Launch.existing("soapscope.test.agentJar", "the agent jar") + "=port=0";
    }
}
