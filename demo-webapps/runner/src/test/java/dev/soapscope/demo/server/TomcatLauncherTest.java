package dev.soapscope.demo.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TomcatLauncherTest {

    @Test
    void aWarGoesToItsContextOrTheRoot() {
        assertArrayEquals(new String[] {"/x/m.war", "/mtom"}, TomcatLauncher.warAndContext("/x/m.war=/mtom"));
        assertArrayEquals(new String[] {"/x/p.war", ""}, TomcatLauncher.warAndContext("/x/p.war=/"));
        assertArrayEquals(new String[] {"/x/p.war", ""}, TomcatLauncher.warAndContext("/x/p.war="));
        assertArrayEquals(new String[] {"/x/p.war", ""}, TomcatLauncher.warAndContext("/x/p.war"));
        assertArrayEquals(new String[] {"/a=b/p.war", "/c"}, TomcatLauncher.warAndContext("/a=b/p.war=/c"));
        assertArrayEquals(new String[] {"/a=b/p.war", ""}, TomcatLauncher.warAndContext("/a=b/p.war"));
    }

    @Test
    void theProtocolConstantsAreTheLaunchers() {
        assertEquals(TomcatLauncher.class.getName(), LauncherProtocol.LAUNCHER_CLASS);
        assertEquals(LauncherProtocol.PORT_LINE_PREFIX, TomcatLauncher.PORT_LINE_PREFIX);
    }
}
