package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A loader that cannot resolve the recorder is refused, and the warning names it and the fix. */
class RecorderReachTest {
    @Test
    void aLoaderThatDelegatesReachesTheRecorder() throws Exception {
        try (URLClassLoader child = new URLClassLoader(new URL[0], getClass().getClassLoader())) {
            assertTrue(RecorderReach.reaches(child));
        }
        assertTrue(RecorderReach.reaches(null));
    }

    @Test
    void anIsolatedLoaderDoesNot() throws Exception {
        // parent null: only the bootstrap loader, and in this test the recorder is on the class path, not there
        try (URLClassLoader isolated = new URLClassLoader(new URL[0], null)) {
            assertFalse(RecorderReach.reaches(isolated));
            assertFalse(RecorderReach.reaches(isolated), "remembered");
        }
    }

    @Test
    void theWarningNamesTheLoaderAndTheFix() {
        String m = RecorderReach.message("org.jboss.modules.ModuleClassLoader",
                "ModuleClassLoader for Module \"jakarta.servlet.api\"", "dev.soapscope.recorder.Recorder is not visible");
        assertTrue(m.contains("class loader org.jboss.modules.ModuleClassLoader (ModuleClassLoader for Module \"jakarta.servlet.api\")"), m);
        assertTrue(m.contains("-Djboss.modules.system.pkgs: add dev.soapscope.recorder,dev.soapscope.config"), m);
        String osgi = RecorderReach.message("org.apache.felix.framework.BundleWiringImpl$BundleClassLoader", "42.0", "x");
        assertTrue(osgi.contains("org.osgi.framework.bootdelegation; the agent adds dev.soapscope.recorder,dev.soapscope.config")
                && osgi.contains("glassfish/config/osgi.properties"), osgi);
    }
}
