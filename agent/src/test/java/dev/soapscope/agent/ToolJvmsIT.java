package dev.soapscope.agent;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In a container with {@code JAVA_TOOL_OPTIONS=-javaagent:soapscope-agent.jar}, every JVM loads the agent: the JDK's
 * tools stay as they were, not a line more (they used to warn that the endpoint's port was taken), while an
 * application beside them still gets the agent.
 */
class ToolJvmsIT {
    private static final String PICKED_UP = "Picked up JAVA_TOOL_OPTIONS";

    @Test
    void javaVersionAndJpsPrintNothingOfTheAgent() throws Exception {
        ServerSocket busy = hold(9404); // the default port, as the application's agent would have it
        try {
            for (List<String> tool : List.of(List.of(bin("java"), "-version"), List.of(bin("jps"), "-q"))) {
                String out = run(tool);
                assertTrue(out.contains(PICKED_UP), "the agent was given: " + out);
                List<String> ours = Arrays.stream(out.split("\n"))
                        .filter(l -> !l.startsWith(PICKED_UP) && (l.contains("soapscope") || l.contains("bootstrap classpath")))
                        .collect(Collectors.toList());
                assertEquals(List.of(), ours, tool + ":\n" + out);
            }
            // an application under the same options gets the agent
            String app = run(List.of(bin("java"), "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(),
                    BootstrapJarReuseIT.WaitingMain.class.getName(), "0"));
            assertTrue(app.contains("[soapscope] INFO agent ") && app.contains(BootstrapJarReuseIT.WaitingMain.READY), app);
        } finally {
            if (busy != null) {
                busy.close();
            }
        }
    }

    /** Holds {@code port} on loopback, or null when another process already does: busy either way. */
    private static ServerSocket hold(int port) {
        try {
            return new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        } catch (IOException taken) {
            return null;
        }
    }

    private static String bin(String tool) {
        return Path.of(System.getProperty("java.home"), "bin", tool).toString();
    }

    private static String run(List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-javaagent:" + AgentOnTomcatIT.AGENT.toAbsolutePath());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " did not end: " + out);
        assertEquals(0, p.exitValue(), command + ": " + out);
        return out;
    }
}
