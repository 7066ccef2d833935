package dev.soapscope.agent.traces;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the traces ITs share: a tracing agent beside soapscope in either order, and a checked SOAP echo. */
final class TracedEcho {
    private TracedEcho() {
    }

    /** A SAAJ echo at {@code /echo}, and one at {@code /warm-up} whose requests the tests leave out. */
    static ForkedServer.Builder tomcat() {
        return ForkedServer.tomcat().agentUnderTest()
                .servlet(dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet.class, "/warm-up");
    }

    /** The tracing agent's {@code -javaagent}, before soapscope's (its advice then inside soapscope's) or after it. */
    static ForkedServer.Builder withAgent(ForkedServer.Builder b, Path agentJar, boolean beforeSoapscope) {
        String arg = "-javaagent:" + agentJar;
        return beforeSoapscope ? b.jvmArgBeforeAgent(arg) : b.jvmArg(arg);
    }

    /** Posts an echo of {@code text} with this SOAPAction and checks the answer. */
    static void post(ForkedServer server, String path, String text, String action) {
        Http.Response r = Http.post(server.uri(path), Soap.echoRequest(text), Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "\"" + action + "\""));
        assertEquals(200, r.status(), r::toString);
        Soap.assertEnvelopeWithText(r.body(), text);
    }
}
