package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.PrometheusText;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code java -jar soapscope-agent.jar attach <pid>}: into a server that started without the agent. */
class AttachIT {
    private static final int N = 15;

    @Test
    void attachingToARunningServerCountsTheRequestsAfterIt() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            // requests before the attach are not the agent's to count
            for (int i = 0; i < 3; i++) {
                post(server, "before");
            }
            Result attach = run("attach", String.valueOf(server.pid()), "port=0");
            assertEquals(0, attach.exit, attach.output);
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < N; i++) {
                post(server, "after " + i);
            }
            PrometheusText metrics = agent.metrics();
            assertEquals(N, metrics.value("soapscope_request_duration_seconds_count",
                    Map.of("operation", "urn:attached", "outcome", "success")));
            // the agent ignores a second start: attach says so instead of "agent loaded"
            Result again = run("attach", String.valueOf(server.pid()), "port=0");
            assertEquals(3, again.exit, again.output);
            assertTrue(again.output.startsWith("soapscope: JVM " + server.pid()
                    + " already runs the soapscope agent (started by attach); nothing loaded."), again.output);
            // MessageFactory was loaded before the attach: retransformed, so its hot spot is still seen
            assertEquals(N, metrics.value("soapscope_hotspot_events_total",
                    Map.of("operation", "urn:attached", "kind", "factory.create")), N * 4.0);
        }
    }

    @Test
    void attachingToAServerStartedWithTheAgentLoadsNothing() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            Result attach = run("attach", String.valueOf(server.pid()), "port=0");
            assertEquals(3, attach.exit, attach.output);
            assertTrue(attach.output.startsWith("soapscope: JVM " + server.pid()
                    + " already runs the soapscope agent (started by -javaagent); nothing loaded."), attach.output);
            post(server, "unharmed");
        }
    }

    @Test
    void aJvmThatRefusesAttachGetsAClearMessage() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().jvmArg("-XX:+DisableAttachMechanism")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            Result attach = run("attach", String.valueOf(server.pid()));
            assertEquals(1, attach.exit, attach.output);
            assertTrue(attach.output.contains("soapscope: cannot attach to JVM " + server.pid()), attach.output);
            post(server, "unharmed");
        }
        Result usage = run("attach", "not-a-pid");
        assertEquals(2, usage.exit);
        assertTrue(usage.output.startsWith("soapscope: 'not-a-pid' is not a process id"), usage.output);
        assertTrue(usage.output.contains("usage: java -jar soapscope-agent.jar attach <pid>"), usage.output);
    }

    private static void post(ForkedServer server, String text) {
        Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest(text), Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "urn:attached"));
        Soap.assertEnvelopeWithText(r.body(), text);
    }

    private record Result(int exit, String output) {
    }

    private static Result run(String... args) throws Exception {
        String[] command = new String[args.length + 3];
        command[0] = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        command[1] = "-jar";
        command[2] = AgentOnTomcatIT.AGENT.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), output);
        return new Result(p.exitValue(), output);
    }
}
