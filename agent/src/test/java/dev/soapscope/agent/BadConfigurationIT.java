package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad settings give one clear line each, and the application starts and serves all the same. */
class BadConfigurationIT {
    @TempDir
    Path dir;

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
            assertTrue(server.waitForOutput(" started: ", java.time.Duration.ofSeconds(30)), server.output()); // its own thread
            assertTrue(server.output().contains("cannot serve the endpoint on 127.0.0.1:" + busy.getLocalPort()), server.output());
        }
    }

    @Test
    void theApplicationGetsItsPortEvenWhenTheEndpointWasGivenIt() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        // the agent binds first (premain), then Tomcat's connector asks for the same port
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=" + port)
                .jvmArg("-Dtestkit.port=" + port)
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            assertEquals(port, server.port());
            Http.Response r = Http.post(server.uri("/stax"), Soap.echoRequest("mine"), Soap.CONTENT_TYPE, Map.of());
            Soap.assertEnvelopeWithText(r.body(), "mine");
            String out = server.output();
            assertEquals(1, lines(out, "the application binds port " + port + ", which the endpoint had"), out);
            assertEquals(404, Http.get(server.uri("/metrics")).status(), "the port is the application's now");
        }
    }

    /**
     * An application whose first act is to bind the endpoint's port, while the agent's own thread may be binding it
     * too: whichever comes first, the application gets it, and one line says the endpoint is off.
     */
    @Test
    void anApplicationThatBindsTheEndpointsPortAtOnceGetsIt() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (ForkedClient jvm = ForkedClient.main(BindsAtOnceMain.class.getName())
                .classpath(Path.of("target", "test-classes").toAbsolutePath())
                .agentUnderTest("port=" + port).args(String.valueOf(port)).start()) {
            jvm.await(BindsAtOnceMain.BOUND + port, java.time.Duration.ofSeconds(30));
            jvm.await(" started: ", java.time.Duration.ofSeconds(30));
            String out = jvm.output();
            assertEquals(1, lines(out, "the application binds port " + port + ", which the endpoint"), out);
            assertEquals(0, lines(out, "BindException"), out);
        }
    }

    /** Binds the port it is given on the loopback address as its first act, and holds it a while. */
    public static final class BindsAtOnceMain {
        static final String BOUND = "the application bound ";

        public static void main(String[] args) throws Exception {
            int port = Integer.parseInt(args[0]);
            try (java.net.ServerSocket mine = new java.net.ServerSocket()) {
                mine.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port));
                System.out.println(BOUND + port);
                System.out.flush();
                Thread.sleep(10_000);
            }
        }
    }

    @Test
    void aHostThatIsNotHereSaysSoAndAnIpv6HostIsBracketed() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,host=not-a-host.invalid")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            Soap.assertEnvelopeWithText(Http.post(server.uri("/stax"), Soap.echoRequest("ok"), Soap.CONTENT_TYPE,
                    Map.of()).body(), "ok");
            assertTrue(server.waitForOutput("INFO agent ", java.time.Duration.ofSeconds(30)), server.output());
            String out = server.output();
            assertEquals(1, lines(out, "cannot serve the endpoint: host=not-a-host.invalid is not a name or address this machine knows"), out);
            assertEquals(0, lines(out, "choose another port"), out);
        }
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,host=::1")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            assertTrue(agent.toString().startsWith("http://[0:0:0:0:0:0:0:1]:") || agent.toString().startsWith("http://[::1]:"),
                    server.output());
            assertEquals(200, agent.raw("/metrics").status());
        }
    }

    /**
     * Async-profiler's Flight Recorder sync printed the JDK's AccessDeniedException, stack trace and all, before the
     * agent's own two lines.
     */
    @Test
    void anUnwritableProfilerDirIsOneLineAndNoStackTrace() throws Exception {
        Optional<OtherUser> user = OtherUser.ifRoot();
        OtherUser.Unwritable profiles = OtherUser.directory(dir, user);
        System.err.println("BadConfigurationIT: profiler.dir unwritable by " + profiles.how());
        String out = WaitingMainRun.output(List.of("-javaagent:" + AgentOnTomcatIT.AGENT.toAbsolutePath()
                        + "=port=0,profiler=cpu,profiler.dir=" + profiles.path()), Map.of(), user,
                Files.createDirectory(dir.resolve("classpath")));
        assertEquals(1, lines(out, "[soapscope] WARN"), out);
        assertEquals(1, lines(out, "[soapscope] WARN continuous profiling not started: profiler.dir " + profiles.path()
                + " "), out);
        assertEquals(0, Arrays.stream(out.split("\n")).filter(l -> l.startsWith("\tat ")).count(), out);
        assertEquals(0, lines(out, "Exception in thread"), out);
        assertTrue(out.contains("[soapscope] INFO agent "), out);
    }

    private static long lines(String output, String fragment) {
        return Arrays.stream(output.split("\n")).filter(l -> l.contains(fragment)).count();
    }
}
