package dev.soapscope.agent;

import java.io.File;
import java.io.IOException;

/**
 * A JVM that runs a JDK tool, not an application: {@code java -version}, {@code jps}, {@code jcmd}, {@code jstack},
 * {@code jfr}, {@code keytool}... or the agent jar's own commands. With {@code JAVA_TOOL_OPTIONS=-javaagent:...} every
 * one of them loads the agent; there it does nothing and prints nothing (its port is the application's, its lines
 * noise in the tool's output). A JVM made through JNI (jsvc, procrun: Tomcat as a service) has no launcher command
 * and is an application.
 */
final class ToolJvm {
    /** Java 8's tools, launched by their class names (9 and later launch them from their JDK module). */
    private static final String[] JAVA8_TOOL_PACKAGES = {
        "sun.tools.", "sun.security.tools.", "sun.jvm.hotspot.", "sun.rmi.rmic.", "com.sun.tools.", "jdk.nashorn.tools.",
    };

    private ToolJvm() {
    }

    /** Whether this JVM runs a tool. */
    static boolean isThisJvm() {
        try {
            return isTool(System.getProperty("sun.java.command"), System.getProperty("jdk.module.main"),
                    System.getProperty("sun.java.launcher"), OwnJar.location());
        } catch (SecurityException e) {
            return false;
        }
    }

    /**
     * @param command   {@code sun.java.command}: the main class or jar and its arguments, as the launcher set it
     * @param moduleMain {@code jdk.module.main}: the module of a main class run with {@code -m} (9 and later)
     * @param launcher  {@code sun.java.launcher}: {@code SUN_STANDARD} for the {@code java} launcher
     * @param agentJar  the agent jar, or null
     */
    static boolean isTool(String command, String moduleMain, String launcher, File agentJar) {
        if (command == null || command.trim().isEmpty()) {
            // the java launcher without a main class: -version, -help, --list-modules, -XshowSettings
            return "SUN_STANDARD".equals(launcher);
        }
        if (moduleMain != null && (moduleMain.startsWith("jdk.") || moduleMain.startsWith("java."))) {
            return true; // a tool in bin/ is "-m jdk.jcmd/sun.tools.jps.Jps"; the source launcher is not run with -m
        }
        String main = command.trim().split("\\s+")[0];
        if (main.indexOf('/') < 0 && main.indexOf(File.separatorChar) < 0) {
            for (String pkg : JAVA8_TOOL_PACKAGES) {
                if (main.startsWith(pkg)) {
                    return true;
                }
            }
        }
        return main.endsWith(".jar") && sameFile(new File(main), agentJar); // java -jar soapscope-agent.jar attach ...
    }

    private static boolean sameFile(File a, File b) {
        if (b == null) {
            return false;
        }
        try {
            return a.getCanonicalFile().equals(b.getCanonicalFile());
        } catch (IOException e) {
            return a.getAbsoluteFile().equals(b.getAbsoluteFile());
        }
    }
}
