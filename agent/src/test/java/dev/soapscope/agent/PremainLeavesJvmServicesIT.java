package dev.soapscope.agent;

import dev.soapscope.agent.container.ContainerLikeMain;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Premain starts no JVM-wide service a container installs itself: a main that sets java.util.logging.manager and
 * javax.management.builder.initial (as JBoss Modules does for WildFly) still gets its own log manager and MBean
 * server with the agent attached, with the endpoint on and with continuous profiling.
 */
class PremainLeavesJvmServicesIT {

    @ParameterizedTest
    @ValueSource(strings = {"port=0", "port=0,profiler=cpu,profiler.dir=PROFILES"})
    void aContainerStillInstallsItsLogManagerAndMBeanServer(String agentArgs) throws Exception {
        Path profiles = Path.of("target", "premain-profiles").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + AgentOnTomcatIT.AGENT + "=" + agentArgs.replace("PROFILES", profiles.toString()),
                "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(),
                ContainerLikeMain.class.getName()).redirectErrorStream(true);
        Process process = builder.start();
        String out;
        try (InputStream in = process.getInputStream()) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            out = bytes.toString(StandardCharsets.UTF_8);
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, process.exitValue(), out);
        assertTrue(out.contains("[soapscope] INFO agent "), out);
        assertTrue(out.contains("log manager: " + ContainerLikeMain.ContainerLogManager.class.getName()), out);
        assertTrue(out.contains("platform mbean server built by container: true"), out);
        assertTrue(!out.contains("[soapscope] WARN"), out);
    }
}
