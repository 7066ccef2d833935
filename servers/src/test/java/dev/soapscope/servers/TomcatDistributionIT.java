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
 * The Tomcat 11 distribution from Maven Central (org.apache.tomcat:tomcat:tar.gz), unmodified, started by
 * {@code bin/catalina.sh run} with {@code CATALINA_OPTS=-javaagent:soapscope-agent.jar=port=0}; the payload-caching
 * WAR copied into a fresh CATALINA_BASE's {@code webapps/} as a file.
 */
@ExtendWith(ServerLogOnFailure.class)
class TomcatDistributionIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void payloadCachingWarWithTheAgentInCatalinaOpts() throws Exception {
        Path home = Launch.existing("soapscope.test.tomcat11Home", "the unpacked Tomcat 11 distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        try (TomcatServer tomcat = TomcatServer.start("Tomcat 11", home, dir.resolve("catalina-base"),
                List.of(PayloadCachingChecks.war()), "-javaagent:" + agentJar + "=port=0")) {
            AgentEndpoint agent = tomcat.agent();
            PayloadCachingChecks.driveAndCheck(tomcat, agent);
            tomcat.stop(agent.port());
        }
    }
}
