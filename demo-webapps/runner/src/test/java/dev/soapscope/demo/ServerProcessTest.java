package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ServerProcessTest {

    @Test
    void serverClassPathIsTheLauncherAndTomcatOnly() {
        List<String> entries = List.of(ServerProcess.classPath().split(File.pathSeparator));
        assertEquals(3, entries.size(), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.contains("tomcat-embed-core")), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.contains("tomcat-annotations-api")), entries.toString());
        assertTrue(entries.stream().noneMatch(e -> e.contains("jackson") || e.contains("junit") || e.contains("cxf")
                || e.contains("jakarta.annotation-api") || e.contains("mtom-api")), entries.toString());
    }

    @Test
    void inAMavenBuildThereAreNoNestedJars() throws IOException {
        assertEquals(List.of(), ServerProcess.extract(List.of(ServerProcess.SERVER_JAR_RESOURCE)), "the packaged jar only");
        assertEquals(List.of(), ServerProcess.extract(ServerProcess.TOMCAT9_RESOURCES), "the packaged jar only");
    }

    @Test
    void tomcat9ClassPathIsTheLauncherAndTomcat9Only() throws IOException {
        List<String> entries = List.of(ServerProcess.tomcat9ClassPath().split(File.pathSeparator));
        assertEquals(3, entries.size(), entries.toString());
        assertTrue(entries.get(0).endsWith("classes"), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.endsWith("tomcat9" + File.separator + "tomcat-embed-core.jar")),
                entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.endsWith("tomcat-annotations-api.jar")), entries.toString());
    }

    @Test
    void commandAttachesTheAgentWithAFreePortAndDeploysEachWarAtItsContext() {
        Map<String, Path> wars = new LinkedHashMap<>();
        wars.put("", Path.of("d.war"));
        wars.put("/mtom", Path.of("m.war"));
        List<String> command = ServerProcess.command(Path.of("a.jar"), wars, 216, "server.jar");
        assertTrue(command.contains("-javaagent:" + Path.of("a.jar").toAbsolutePath()
                + "=port=0,host=127.0.0.1,endpoint=true,log=info"), command.toString());
        assertEquals("server.jar", command.get(command.indexOf("-cp") + 1));
        assertEquals("dev.soapscope.demo.server.TomcatLauncher", command.get(command.indexOf("-cp") + 2));
        assertTrue(command.contains(Path.of("d.war").toAbsolutePath() + "=/"), command.toString());
        assertTrue(command.contains(Path.of("m.war").toAbsolutePath() + "=/mtom"), command.toString());
        assertEquals("216", command.get(command.size() - 1));
    }

    @Test
    void withAProfileDirectoryTheAgentProfilesContinuouslyIntoIt() {
        Path dir = Path.of("out", "profile");
        List<String> command = ServerProcess.command(Path.of("a.jar"), Map.of("", Path.of("d.war")), 200, "server.jar",
                dir);
        assertTrue(command.contains("-javaagent:" + Path.of("a.jar").toAbsolutePath()
                + "=port=0,host=127.0.0.1,endpoint=true,log=info,profiler=cpu,profiler.interval.ms=10,profiler.dir="
                + dir.toAbsolutePath()), command.toString());
        assertThrows(IllegalArgumentException.class, () -> ServerProcess.command(Path.of("a.jar"),
                Map.of("", Path.of("d.war")), 200, "server.jar", Path.of("a,b")));
    }

    /** --jvm-option: given to the server's JVM and to a client's, after their -Xmx and before the agent. */
    @Test
    void jvmOptionsGoToTheServersAndTheClientsJvm() {
        List<String> server = ServerProcess.command(Path.of("a.jar"), List.of("-XX:TieredStopAtLevel=1"),
                Map.of("", Path.of("d.war")), 200, "server.jar", null, 512);
        List<String> client = ClientProcess.command(Path.of("a.jar"), "client.jar", null, 256, Map.of(),
                List.of("-XX:TieredStopAtLevel=1"));
        for (List<String> command : List.of(server, client)) {
            int option = command.indexOf("-XX:TieredStopAtLevel=1");
            assertTrue(option > 0 && command.get(option - 1).startsWith("-Xmx"), command.toString());
            assertTrue(option < command.indexOf("-javaagent:" + Path.of("a.jar").toAbsolutePath()
                    + "=port=0,host=127.0.0.1,endpoint=true,log=info"), command.toString());
        }
    }

    private static final String STARTED = "[soapscope] INFO agent 0.5.0 (commit 306d0ec45fa6) started: endpoint "
            + "http://127.0.0.1:1234/metrics; probes: []";

    @Test
    void readsTheAgentsStartLineWithItsReleaseAndCommit() {
        java.util.regex.Matcher started = ServerProcess.AGENT_STARTED.matcher(STARTED);
        assertTrue(started.matches(), STARTED);
        assertEquals("127.0.0.1", started.group(1));
        assertEquals("1234", started.group(2));
    }

    @Test
    void readsWhatTheAgentSaysAboutProfiling() {
        ServerProcess.ProfilingLines lines = new ServerProcess.ProfilingLines();
        lines.accept(STARTED);
        assertEquals(new ServerProcess.Profiling(null, null), lines.profiling());
        lines.accept("[soapscope] INFO profiling cpu continuously with async-profiler 4.6 into /o/profile/s-1.jfr");
        assertEquals(new ServerProcess.Profiling("async-profiler 4.6", null), lines.profiling());
        assertNull(lines.profiling().problem());

        ServerProcess.ProfilingLines fallback = new ServerProcess.ProfilingLines();
        fallback.accept("[soapscope] WARN async-profiler cannot load here (java.lang.UnsatisfiedLinkError: x); "
                + "profiling with the JDK's Flight Recorder instead, without phase tags");
        fallback.accept("[soapscope] INFO profiling cpu continuously with JDK Flight Recorder into /o/profile/s-1.jfr");
        assertEquals("JDK Flight Recorder", fallback.profiling().backend());
        assertEquals("the agent profiled with JDK Flight Recorder, whose samples carry no request phase (async-profiler "
                + "cannot load here (java.lang.UnsatisfiedLinkError: x); profiling with the JDK's Flight Recorder "
                + "instead, without phase tags)", fallback.profiling().problem());

        ServerProcess.ProfilingLines none = new ServerProcess.ProfilingLines();
        none.accept("[soapscope] WARN continuous profiling not started: no profiler can run here: x; the agent goes on "
                + "without it");
        assertEquals("continuous profiling not started: no profiler can run here: x; the agent goes on without it",
                none.profiling().problem());
    }

    @Test
    void heapAnswersAreFourNumbers() throws IOException {
        assertEquals(new ServerProcess.Heap(10, 20, -1, 0), ServerProcess.parseHeap("10 20 -1 0"));
        assertThrows(IOException.class, () -> ServerProcess.parseHeap("10 20"));
    }
}
