package dev.soapscope.agent;

import java.lang.instrument.Instrumentation;

/**
 * Entry point of the agent jar: {@code -javaagent} (premain), attach (agentmain) and the command line (main).
 * It first puts the recorder on the bootstrap class path, and only then loads the installer, so that neither
 * this class nor anything it links refers to a recorder class before the bootstrap loader can find it.
 * Nothing here may stop the application: every failure is one log line.
 */
public final class AgentMain {
    private static boolean started;

    private AgentMain() {
    }

    public static void premain(String args, Instrumentation inst) {
        if (ToolJvm.isThisJvm()) {
            return; // java -version, jps, jcmd... given the agent by JAVA_TOOL_OPTIONS: not a word, nothing started
        }
        start(args, inst, "-javaagent");
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst, "attach");
    }

    public static void main(String[] args) throws Exception {
        System.exit(Commands.run(args, System.out, System.err));
    }

    private static synchronized void start(String args, Instrumentation inst, String how) {
        if (started) {
            System.err.println("[soapscope] INFO agent already running in this JVM; ignoring the second start");
            return;
        }
        started = true;
        long began = System.nanoTime();
        AgentPresence.mark(how);
        try {
            BootstrapJar.Placed recorder = BootstrapJar.appendTo(inst, args);
            BootstrapJar.exposeToJBossModules();
            Class.forName("dev.soapscope.agent.AgentInstaller")
                    .getMethod("install", String.class, Instrumentation.class, BootstrapJar.Placed.class, long.class)
                    .invoke(null, args, inst, recorder, began);
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
            System.err.println("[soapscope] WARN agent not started, the application runs without it: "
                    + (cause instanceof BootstrapJar.NowhereToWrite ? cause.getMessage() : cause) + outOfReach(cause));
        }
    }

    /**
     * When the loader that loaded the agent cannot see the classes the agent just put on the bootstrap path, says
     * which loader and what to do: JBoss Modules loads an agent given in MODULE_OPTS itself, in a module loader.
     */
    private static String outOfReach(Throwable cause) {
        if (!(cause instanceof NoClassDefFoundError) || String.valueOf(cause.getMessage()).indexOf("dev/soapscope/") < 0) {
            return "";
        }
        ClassLoader loader = AgentMain.class.getClassLoader();
        return ". The agent's class loader (" + (loader == null ? "bootstrap" : loader.getClass().getName())
                + ") does not hand " + BootstrapJar.PACKAGES + " to the bootstrap class loader. WildFly and JBoss EAP:"
                + " put -javaagent in JAVA_OPTS, not MODULE_OPTS (or list these packages in JBOSS_MODULES_SYSTEM_PKGS)";
    }
}
