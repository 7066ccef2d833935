package dev.soapscope.servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The Payara Server 6 distribution from Maven Central (fish.payara.distributions:payara:zip), unmodified: a fresh
 * domain by {@code asadmin create-domain}, {@code -javaagent:soapscope-agent.jar=port=0} in its JVM options, a
 * JAX-WS service (served by Metro) dropped into {@code autodeploy/}. Payara loads {@code HttpServlet} from an OSGi
 * bundle: without the agent adding its packages to Felix's boot delegation nothing would be recorded.
 */
@ExtendWith(ServerLogOnFailure.class)
class PayaraDistributionIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void jaxwsServiceWithTheAgentInTheDomainsJvmOptions() throws Exception {
        GlassFishServer.checkJaxwsEcho("Payara 6", "soapscope.test.payaraHome", dir);
    }
}
