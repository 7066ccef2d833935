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
        if (!"help".equals(command) && !"--help".equals(command)) {
            System.err.println("soapscope: unknown command '" + command + "'");
        }
        System.out.println("usage: java -jar soapscope-agent.jar <command>\n"
                + "  config   print the settings table (key, default, meaning)\n"
                + "  help     this text\n"
                + "Attach to a server with -javaagent:/path/to/soapscope-agent.jar[=key=value,...]");
        if (!"help".equals(command) && !"--help".equals(command)) {
            System.exit(2);
        }
    }

    /** A loader over the nested recorder jar, for commands run outside an agent. */
    private static ClassLoader bootstrapLoader() throws Exception {
        return new java.net.URLClassLoader(new java.net.URL[] {BootstrapJar.extract().toURI().toURL()}, null);
    }
}
