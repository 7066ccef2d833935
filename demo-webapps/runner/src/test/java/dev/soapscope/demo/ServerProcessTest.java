package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class ServerProcessTest {

    @Test
    void serverClassPathIsTheLauncherAndTomcatOnly() {
        List<String> entries = List.of(ServerProcess.classPath().split(File.pathSeparator));
        assertTrue(entries.size() <= 3, entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.contains("tomcat-embed-core")), entries.toString());
        assertTrue(entries.stream().noneMatch(e -> e.contains("jackson") || e.contains("junit")), entries.toString());
    }

    @Test
    void commandAttachesTheAgentWithAFreePort() {
        List<String> command = ServerProcess.command(Path.of("a.jar"), Path.of("d.war"), 216);
        assertTrue(command.contains("-javaagent:" + Path.of("a.jar").toAbsolutePath()
                + "=port=0,host=127.0.0.1,endpoint=true,log=info"), command.toString());
        assertEquals("dev.soapscope.demo.server.TomcatLauncher", command.get(command.indexOf("-cp") + 2));
        assertEquals("216", command.get(command.size() - 1));
    }
}
