package dev.soapscope.agent;

import org.junit.jupiter.api.Test;

import java.io.File;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVMs the agent keeps quiet in, as their launchers describe them (seen on 17 and 25), and the ones it must not. */
class ToolJvmTest {
    private static final File AGENT = new File("/opt/soapscope/soapscope-agent.jar");

    @Test
    void jdkToolsAndTheLauncherWithoutAMainClass() {
        assertTrue(tool(null, null), "java -version, -help, --list-modules");
        assertTrue(tool("", null));
        assertTrue(tool("jdk.jcmd/sun.tools.jps.Jps", "jdk.jcmd"));
        assertTrue(tool("jdk.jcmd/sun.tools.jcmd.JCmd -l", "jdk.jcmd"));
        assertTrue(tool("jdk.jcmd/sun.tools.jstack.JStack 42", "jdk.jcmd"));
        assertTrue(tool("jdk.jfr/jdk.jfr.internal.tool.Main summary x.jfr", "jdk.jfr"));
        assertTrue(tool("java.base/sun.security.tools.keytool.Main -list", "java.base"));
        assertTrue(tool("jdk.httpserver/sun.net.httpserver.simpleserver.JWebServer", "jdk.httpserver"));
        assertTrue(tool("sun.tools.jps.Jps -l", null), "Java 8's jps");
        assertTrue(tool("com.sun.tools.internal.ws.WsImport x.wsdl", null), "Java 8's wsimport");
        assertTrue(tool(AGENT.getPath() + " attach 42", null), "the agent jar's own commands");
    }

    @Test
    void applications() {
        assertFalse(tool("org.apache.catalina.startup.Bootstrap start", null));
        assertFalse(tool("/srv/app.jar --server.port=8080", null));
        assertFalse(tool("app/com.example.Main", "app"), "a modular application");
        assertFalse(tool("jdk.compiler/com.sun.tools.javac.launcher.Main Hello.java", null), "a source-file program (17)");
        assertFalse(tool("jdk.compiler/com.sun.tools.javac.launcher.SourceLauncher Hello.java", null), "(25)");
        assertFalse(ToolJvm.isTool(null, null, null, AGENT), "a JVM made through JNI: jsvc, procrun");
        assertFalse(ToolJvm.isTool("", null, "procrun", AGENT));
    }

    private static boolean tool(String command, String moduleMain) {
        return ToolJvm.isTool(command, moduleMain, "SUN_STANDARD", AGENT);
    }
}
