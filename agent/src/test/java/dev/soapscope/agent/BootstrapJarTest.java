package dev.soapscope.agent;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The package list JBoss Modules reads: the agent's packages are added once, the container's kept. */
class BootstrapJarTest {
    @Test
    void addsItsPackagesToWhatIsListed() {
        assertEquals("dev.soapscope.recorder,dev.soapscope.config", BootstrapJar.withPackages(null));
        assertEquals("dev.soapscope.recorder,dev.soapscope.config", BootstrapJar.withPackages(""));
        assertEquals("org.jboss.byteman,dev.soapscope.recorder,dev.soapscope.config",
                BootstrapJar.withPackages("org.jboss.byteman"));
        assertEquals("org.jboss.byteman, dev.soapscope.config,dev.soapscope.recorder",
                BootstrapJar.withPackages("org.jboss.byteman, dev.soapscope.config"));
    }
}
