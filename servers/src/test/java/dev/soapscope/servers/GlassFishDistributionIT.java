package dev.soapscope.servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The Eclipse GlassFish 7 distribution from Maven Central (org.glassfish.main.distributions:glassfish:zip), unmodified: a fresh
 * domain by {@code asadmin create-domain}, {@code -javaagent:soapscope-agent.jar=port=0} in its JVM options, a
 * JAX-WS service (served by Metro) dropped into {@code autodeploy/}. GlassFish, like Payara, loads {@code HttpServlet} from an OSGi
 * bundle: without the agent adding its packages to Felix's boot delegation nothing would be recorded.
 */
@ExtendWith(ServerLogOnFailure.class)
class GlassFishDistributionIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void jaxwsServiceWithTheAgentInTheDomainsJvmOptions() throws Exception {
        GlassFishServer.checkJaxwsEcho("GlassFish 7", "soapscope.test.glassfishHome", dir);
    }
}
