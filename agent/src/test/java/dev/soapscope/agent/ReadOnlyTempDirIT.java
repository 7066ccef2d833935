package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A hardened image: {@code java.io.tmpdir} not writable by the JVM's user (a read-only root file system, a non-root
 * user). The agent puts its recorder jar where it can and says where, and counts requests; with nowhere to put it,
 * one line names every place tried and the setting, and the application runs all the same.
 */
class ReadOnlyTempDirIT {
    @TempDir
    Path dir;

    @Test
    void theRecorderJarGoesBesideTheAgentJarAndRequestsAreCounted() throws Exception {
        Optional<OtherUser> user = OtherUser.ifRoot();
        OtherUser.Unwritable tmp = OtherUser.directory(dir, user);
        System.err.println("ReadOnlyTempDirIT: java.io.tmpdir unwritable by " + tmp.how());
        Path agentHome = Files.createDirectory(dir.resolve("agent-home"));
        Path agentJar = Files.copy(AgentOnTomcatIT.AGENT, agentHome.resolve("soapscope-agent.jar"));
        Path serverBase = Files.createDirectory(dir.resolve("server-base"));
        Path readable = Files.createDirectory(dir.resolve("classpath"));
        if (user.isPresent()) {
            user.get().own(agentHome);
            user.get().own(serverBase);
        }
        try (ForkedServer server = ForkedServer.tomcat().javaagent(agentJar, "port=0,traces=on")
                .jvmArg("-Djava.io.tmpdir=" + tmp.path())
                .jvmArg("-Dtestkit.baseDir=" + serverBase) // Tomcat's own files, which would go to java.io.tmpdir
                .servlet(CachedStaxServlet.class, "/stax")
                .commandRewrite(command -> user.map(u -> u.rewrite(command, readable)).orElse(command))
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            for (int i = 0; i < 5; i++) {
                Http.Response r = Http.post(server.uri("/stax"), Soap.echoRequest("hardened " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:hardened"));
                Soap.assertEnvelopeWithText(r.body(), "hardened " + i);
            }
            assertEquals(5, AgentEndpoint.operation(agent.phases(), "urn:hardened").get("requests").asLong());
            String out = server.output();
            String started = lines(out, "started: endpoint").get(0);
            assertTrue(started.contains("; recorder jar " + agentHome.resolve("soapscope-"
                    + (user.isPresent() ? "nobody" : System.getProperty("user.name")))), started);
            assertEquals(List.of(), lines(out, "[soapscope] WARN").stream()
                    .filter(w -> !w.contains("ended outside any OpenTelemetry span")).collect(Collectors.toList()), out);
            // the tracing bridge (traces=on: the OpenTelemetry API even with no tracing agent) unpacks its jars beside
            // the recorder jar: its line says it connected (then that no span was found: there is no tracing agent)
            assertTrue(server.waitForOutput("INFO traces: each request's breakdown goes on its OpenTelemetry span",
                    Duration.ofSeconds(10)), server.output());
            assertEquals(List.of(), lines(server.output(), "could not connect"), server.output());

            // profiling needs java.io.tmpdir (async-profiler's library, Flight Recorder's repository): refused, saying so
            Http.Response refused = agent.raw("/profile?seconds=1");
            assertEquals(503, refused.status(), refused.body());
            assertTrue(refused.body().startsWith("soapscope: no profiler can start here: "), refused.body());
            assertTrue(server.waitForOutput("WARN no profiler can start here: ", Duration.ofSeconds(5)), server.output());
            assertTrue(lines(server.output(), "async-profiler cannot load here").get(0).contains(
                    "; it unpacks its library into java.io.tmpdir " + tmp.path() + ", which is not writable"), server.output());
            assertEquals(List.of(), lines(server.output(), "\tat "), server.output());
        }
    }

    @Test
    void nowhereToWriteIsOneLineNamingEveryPlaceAndTheSettingAndTheSettingIsHeard() throws Exception {
        Optional<OtherUser> user = OtherUser.ifRoot();
        assumeTrue(user.isPresent() || !OtherUser.isRoot(), "as root, the agent jar's directory is always writable");
        OtherUser.Unwritable tmp = OtherUser.directory(dir, user);
        Path agentHome = Files.createDirectory(dir.resolve("agent-home"));
        Path agentJar = Files.copy(AgentOnTomcatIT.AGENT, agentHome.resolve("soapscope-agent.jar"));
        Files.setPosixFilePermissions(agentHome, PosixFilePermissions.fromString("r-xr-xr-x"));
        Path cache = tmp.path().resolve("cache");
        Path readable = Files.createDirectory(dir.resolve("classpath"));
        List<String> jvmArgs = List.of("-Djava.io.tmpdir=" + tmp.path(), "-javaagent:" + agentJar + "=port=0");

        String out = WaitingMainRun.output(jvmArgs, Map.of("XDG_CACHE_HOME", cache.toString()), user, readable);
        List<String> ours = lines(out, "[soapscope]");
        assertEquals(1, ours.size(), out);
        String warn = ours.get(0);
        assertTrue(warn.startsWith("[soapscope] WARN agent not started, the application runs without it: cannot write"
                + " the recorder jar anywhere: tried java.io.tmpdir " + tmp.path() + " ("), warn);
        assertTrue(warn.contains("; the agent jar's directory " + agentHome + " ("), warn);
        assertTrue(warn.contains("; the user's cache directory " + cache + " ("), warn);
        assertTrue(warn.endsWith("; set bootstrap.dir to a writable directory (-javaagent:soapscope-agent.jar="
                + "bootstrap.dir=DIR, -Dsoapscope.bootstrap.dir=DIR or SOAPSCOPE_BOOTSTRAP_DIR=DIR)"), warn);

        // the setting, from the environment, read before the recorder (and the settings' parser) is there
        Path chosen = Files.createDirectory(dir.resolve("chosen"));
        if (user.isPresent()) {
            user.get().own(chosen);
        }
        out = WaitingMainRun.output(jvmArgs, Map.of("XDG_CACHE_HOME", cache.toString(), "SOAPSCOPE_BOOTSTRAP_DIR",
                chosen.toString()), user, readable);
        assertTrue(lines(out, "started: endpoint").get(0).contains("; recorder jar " + chosen.resolve("soapscope-")), out);
    }

    private static List<String> lines(String output, String containing) {
        return Arrays.stream(output.split("\n")).filter(l -> l.contains(containing)).collect(Collectors.toList());
    }
}
