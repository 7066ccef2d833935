package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Jetty 12.1 distribution from Maven Central (org.eclipse.jetty:jetty-home:tar.gz), unmodified: a fresh JETTY_BASE
 * made by {@code start.jar --add-modules=http,ee11-deploy,ee11-annotations,state,pid}, the payload-caching WAR copied
 * into its {@code webapps/} as a file, started and stopped by {@code bin/jetty.sh} with
 * {@code JAVA_OPTIONS=-javaagent:soapscope-agent.jar=port=0}.
 */
@ExtendWith(ServerLogOnFailure.class)
class JettyDistributionIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void payloadCachingWarWithTheAgentInJavaOptions() throws Exception {
        Path home = Launch.existing("soapscope.test.jettyHome", "the unpacked jetty-home distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        try (JettyServer jetty = JettyServer.start("Jetty 12.1 ee11", home, dir.resolve("jetty-base"),
                List.of(PayloadCachingChecks.war()), "-javaagent:" + agentJar + "=port=0")) {
            AgentEndpoint agent = jetty.agent();
            PayloadCachingChecks.driveAndCheck(jetty, agent);
            jetty.stop(agent.port());
        }
    }
}
