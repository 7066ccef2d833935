package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad settings give one clear line each, and the application starts and serves all the same. */
class BadConfigurationIT {
    @Test
    void badValuesAreReportedOnceAndTheServerStillServes() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,max.operations=lots,colour=blue")
                .jvmArg("-Dsoapscope.log=chatty")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            Http.Response r = Http.post(server.uri("/stax"), Soap.echoRequest("still here"), Soap.CONTENT_TYPE, Map.of());
            Soap.assertEnvelopeWithText(r.body(), "still here");

            String out = server.output();
            assertEquals(1, lines(out, "ignoring max.operations=lots (agent argument): expected a whole number from 1 to " + dev.soapscope.config.SeriesBudget.MAX_OPERATIONS + "; using 100"), out);
            assertEquals(1, lines(out, "ignoring log=chatty (system property soapscope.log): expected off, warn, info or debug; using info"), out);
            assertEquals(1, lines(out, "unknown setting 'colour' (agent argument); known settings: port, host"), out);
            assertEquals(200, agent.raw("/phases").status());
        }
    }

    @Test
    void aBusyPortIsOneWarningAndTheServerStillServes() throws Exception {
        try (java.net.ServerSocket busy = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
             ForkedServer server = ForkedServer.tomcat()
                     .javaagent(AgentOnTomcatIT.AGENT, "port=" + busy.getLocalPort())
                     .servlet(CachedStaxServlet.class, "/stax")
                     .start()) {
            Http.Response r = Http.post(server.uri("/stax"), Soap.echoRequest("ok"), Soap.CONTENT_TYPE, Map.of());
            Soap.assertEnvelopeWithText(r.body(), "ok");
            assertTrue(server.output().contains("cannot serve the endpoint on 127.0.0.1:" + busy.getLocalPort()), server.output());
        }
    }

    private static long lines(String output, String fragment) {
        return Arrays.stream(output.split("\n")).filter(l -> l.contains(fragment)).count();
    }
}
