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
        try (TomcatServer tomcat = TomcatServer.startWithAgent("Tomcat 11", "soapscope.test.tomcat11Home",
                dir.resolve("catalina-base"), List.of(PayloadCachingChecks.war()))) {
            AgentEndpoint agent = tomcat.agent();
            PayloadCachingChecks.driveAndCheck(tomcat, agent);
            tomcat.stop(agent.port());
        }
    }
}
