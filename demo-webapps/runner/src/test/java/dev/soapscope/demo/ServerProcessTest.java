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
    void inAMavenBuildThereIsNoNestedServerJar() throws IOException {
        assertNull(ServerProcess.extractServerJar(), "the packaged jar only");
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
    void heapAnswersAreFourNumbers() throws IOException {
        assertEquals(new ServerProcess.Heap(10, 20, -1, 0), ServerProcess.parseHeap("10 20 -1 0"));
        assertThrows(IOException.class, () -> ServerProcess.parseHeap("10 20"));
    }
}
