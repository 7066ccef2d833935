package dev.soapscope.agent;

/** {@code java -jar soapscope-agent.jar <command>}. */
final class Commands {
    private Commands() {
    }

    static void run(String[] args) throws Exception {
        String command = args.length == 0 ? "help" : args[0];
        if ("config".equals(command)) {
            // loaded from the nested jar: the recorder is not on this class path
            System.out.print(Class.forName("dev.soapscope.config.ConfigKey", true, bootstrapLoader())
                    .getMethod("markdownTable").invoke(null));
            return;
        }
        if ("attach".equals(command)) {
            System.exit(attach(args));
        }
        if ("flame".equals(command) || "diff".equals(command) || "compare".equals(command)) {
            // the run commands need the recorder's vocabulary, which lives in the nested jar
            Object exit = Class.forName("dev.soapscope.flamegraphs.Cli", true, withRecorder())
                    .getMethod("run", String[].class, java.io.PrintStream.class, java.io.PrintStream.class)
                    .invoke(null, args, System.out, System.err);
            System.exit((Integer) exit);
        }
        if (!"help".equals(command) && !"--help".equals(command)) {
            System.err.println("soapscope: unknown command '" + command + "'");
        }
        System.out.println("usage: java -jar soapscope-agent.jar <command>\n"
                + "  attach <pid> [key=value,...]   load the agent into a running JVM (same user); requests after\n"
                + "           the attach are counted\n"
                + "  flame RUN --out DIR             flame graphs of a profiled run, by phase\n"
                + "  diff BASE CUR --out FILE.html   differential flame graph, per request\n"
                + "  compare BASE CUR [--threshold PCT] [--json FILE]   phase times compared; exit 1 on a regression\n"
                + "  config   print the settings table (key, default, meaning)\n"
                + "  help     this text\n"
                + "Attach to a server with -javaagent:/path/to/soapscope-agent.jar[=key=value,...]");
        if (!"help".equals(command) && !"--help".equals(command)) {
            System.exit(2);
        }
    }

    /** {@code attach <pid> [args]}: 0 attached, 1 the JVM refused, 2 bad arguments. */
    static int attach(String[] args) {
        if (args.length < 2 || args.length > 3 || !args[1].matches("[0-9]+")) {
            System.err.println("soapscope: usage: java -jar soapscope-agent.jar attach <pid> [key=value,...]");
            return 2;
        }
        String pid = args[1];
        try {
            java.io.File jar = new java.io.File(Commands.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            net.bytebuddy.agent.ByteBuddyAgent.attach(jar, pid, args.length == 3 ? args[2] : "");
            System.out.println("soapscope: agent loaded into JVM " + pid
                    + "; it logs its start, endpoint and probes on that JVM's standard error");
            return 0;
        } catch (Throwable e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            System.err.println("soapscope: cannot attach to JVM " + pid + ": " + cause
                    + ". Check that it is running, as this user, and was not started with -XX:+DisableAttachMechanism.");
            return 1;
        }
    }

    /** A loader over the nested recorder jar, for commands run outside an agent. */
    private static ClassLoader bootstrapLoader() throws Exception {
        return new java.net.URLClassLoader(new java.net.URL[] {BootstrapJar.extract().toURI().toURL()}, null);
    }

    /** A loader over the nested recorder jar and this jar, so that the run commands see both. */
    private static ClassLoader withRecorder() throws Exception {
        java.net.URL self = Commands.class.getProtectionDomain().getCodeSource().getLocation();
        return new java.net.URLClassLoader(new java.net.URL[] {BootstrapJar.extract().toURI().toURL(), self},
                ClassLoader.getSystemClassLoader().getParent());
    }
}
