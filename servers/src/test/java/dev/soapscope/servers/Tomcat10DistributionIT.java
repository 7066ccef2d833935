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
 * The Tomcat 10.1 distribution (Servlet 6.0) from Maven Central, started as {@link TomcatDistributionIT} starts
 * Tomcat 11; the CXF mtom WAR rather than payload-caching (Spring 7 needs Servlet 6.1). Every request counted once,
 * named by its operation, and no warning from the agent.
 */
@ExtendWith(ServerLogOnFailure.class)
class Tomcat10DistributionIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void cxfWarWithTheAgentInCatalinaOpts() throws Exception {
        try (TomcatServer tomcat = TomcatServer.startWithAgent("Tomcat 10.1", "soapscope.test.tomcat10Home",
                dir.resolve("catalina-base"), List.of(MtomChecks.war()))) {
            AgentEndpoint agent = tomcat.agent();
            MtomChecks.driveAndCheck(tomcat, agent);
            tomcat.assertNoAgentWarning();
            tomcat.stop(agent.port());
        }
    }
}
