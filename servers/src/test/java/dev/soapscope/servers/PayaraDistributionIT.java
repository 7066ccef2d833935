package dev.soapscope.servers;

import dev.soapscope.testkit.AgentEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
        String property = System.getProperty("soapscope.test.payaraHome", "");
        assumeTrue(!property.isBlank(), "Payara runs with -Pall-servers");
        Path home = Launch.existing("soapscope.test.payaraHome", "the unpacked Payara distribution");
        Path agentJar = Launch.existing("soapscope.test.agentJar", "the agent jar");
        Path war = JaxwsEcho.build(dir, "jaxws-echo", home.resolve("glassfish/modules/webservices-api-osgi.jar"));
        try (GlassFishServer payara = GlassFishServer.start("Payara 6", home, dir.resolve("payara-base"),
                List.of(war), "-javaagent:" + agentJar + "=port=0")) {
            AgentEndpoint agent = payara.agent();
            JaxwsEcho.driveAndCheck(payara, agent, "/jaxws-echo");
            payara.stop(agent.port());
        }
    }
}
