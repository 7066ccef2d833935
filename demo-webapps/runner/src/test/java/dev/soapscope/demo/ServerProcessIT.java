package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.soapscope.demo.scenario.Container;

/** A forked server with the agent, as the runner starts each of its servers. */
class ServerProcessIT {

    /** "Tomcat 9 ready after N s" is that server's own start, not the time since the run began. */
    @Test
    void theStartTimeIsThisServersOwn(@TempDir Path dir) throws Exception {
        long before = System.nanoTime();
        try (ServerProcess server = ServerProcess.start(Container.TOMCAT_9,
                BuildOutputs.property("soapscope.demo.agentJar"), java.util.List.of(),
                Map.of("", BuildOutputs.property("soapscope.demo.axis1War")), 16, dir.resolve("server.log"), null)) {
            double within = (System.nanoTime() - before) / 1e9;
            assertTrue(server.startSeconds() > 0 && server.startSeconds() <= within,
                    server.startSeconds() + " s, while start() took " + within + " s");
        }
    }
}
