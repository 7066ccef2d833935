package dev.soapscope.agent;

import java.io.PrintStream;

/** {@code java -jar soapscope-agent.jar <command>}. */
final class Commands {
    static final int OK = 0;
    static final int BAD_ARGUMENTS = 2;
    /** attach: the JVM refused, or is gone. */
    static final int ATTACH_REFUSED = 1;
    /** attach: the JVM already runs the agent, which ignores a second start. */
    static final int ALREADY_RUNNING = 3;

    static final String USAGE = "usage: java -jar soapscope-agent.jar <command>\n"
            + "  attach <pid> [key=value,...]   load the agent into a running JVM (same user); requests after\n"
            + "           the attach are counted\n"
            + "  flame RUN --out DIR             flame graphs of a profiled run, by phase\n"
            + "  diff BASE CUR --out FILE.html   differential flame graph, per request\n"
            + "  compare BASE CUR [options]      wall, allocation and CPU per phase compared; exit 1 on a regression\n"
            + "           (compare --help lists the options)\n"
            + "  hash-password                  read a password (typed, or one line on standard input) and print\n"
            + "           its salted PBKDF2 hash for auth.password.hash\n"
            + "  config   print the settings (key, default, what it accepts, meaning) as docs/settings.md lists them\n"
            + "  --version  the release and the commit it was built from\n"
            + "  help     this text\n"
            + "Attach to a server with -javaagent:/path/to/soapscope-agent.jar[=key=value,...]\n";
    static final String ATTACH_USAGE = "usage: java -jar soapscope-agent.jar attach <pid> [key=value,...]\n";

    private Commands() {
    }

    /** Runs one command; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length == 0) {
            err.print("soapscope: a command is required\n" + USAGE);
            return BAD_ARGUMENTS;
        }
        String command = args[0];
        if ("help".equals(command) || "--help".equals(command) || "-h".equals(command)) {
            out.print(USAGE);
            return OK;
        }
        if ("--version".equals(command) || "version".equals(command)) {
            out.println(BuildInfo.full());
            return OK;
        }
        if ("config".equals(command)) {
            // loaded from the nested jar: the recorder is not on this class path
            out.print(Class.forName("dev.soapscope.config.ConfigKey", true, bootstrapLoader())
                    .getMethod("markdownReference").invoke(null));
            return OK;
        }
        if ("attach".equals(command)) {
            return attach(args, out, err);
        }
        if ("hash-password".equals(command)) {
            return hashPassword(out, err);
        }
        if ("flame".equals(command) || "diff".equals(command) || "compare".equals(command)) {
            // the run commands need the recorder's vocabulary, which lives in the nested jar
            return (Integer) Class.forName("dev.soapscope.flamegraphs.Cli", true, withRecorder())
                    .getMethod("run", String[].class, PrintStream.class, PrintStream.class)
                    .invoke(null, args, out, err);
        }
        err.print("soapscope: unknown command '" + command + "'\n" + USAGE);
        return BAD_ARGUMENTS;
    }

    /** {@code attach <pid> [args]}: exit codes {@link #OK}, {@link #ATTACH_REFUSED}, {@link #BAD_ARGUMENTS}, {@link #ALREADY_RUNNING}. */
    static int attach(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 2 || args.length > 3) {
            err.print("soapscope: attach takes a process id and optionally the agent's settings\n" + ATTACH_USAGE);
            return BAD_ARGUMENTS;
        }
        String pid = args[1];
        if (!pid.matches("[0-9]+")) {
            err.print("soapscope: '" + pid + "' is not a process id (jps -l lists the JVMs)\n" + ATTACH_USAGE);
            return BAD_ARGUMENTS;
        }
        try {
            String running = AgentPresence.in(pid);
            if (running != null) {
                err.println("soapscope: JVM " + pid + " already runs the soapscope agent (started by " + running
                        + "); nothing loaded. It ignores a second start: restart that JVM to change its settings.");
                return ALREADY_RUNNING;
            }
            java.io.File jar = new java.io.File(Commands.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            net.bytebuddy.agent.ByteBuddyAgent.attach(jar, pid, args.length == 3 ? args[2] : "");
            out.println("soapscope: agent loaded into JVM " + pid
                    + "; it logs its start, endpoint and probes on that JVM's standard error");
            return OK;
        } catch (Throwable e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            err.println("soapscope: cannot attach to JVM " + pid + ": " + cause
                    + ". Check that it is running, as this user, and was not started with -XX:+DisableAttachMechanism.");
            return ATTACH_REFUSED;
        }
    }

    /** {@code hash-password}: the password typed without echo on a terminal, else the first line of standard input. */
    static int hashPassword(PrintStream out, PrintStream err) throws java.io.IOException {
        char[] password;
        java.io.Console console = System.console();
        if (console != null) {
            password = console.readPassword("password: ");
        } else {
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                    java.nio.charset.StandardCharsets.UTF_8)).readLine();
            password = line == null ? null : line.toCharArray();
        }
        if (password == null || password.length == 0) {
            err.print("soapscope: no password given (type it, or pipe one line to standard input)\n");
            return BAD_ARGUMENTS;
        }
        out.println(PasswordHash.of(password));
        java.util.Arrays.fill(password, ' ');
        return OK;
    }

    /** A loader over the nested recorder jar, for commands run outside an agent. */
    private static ClassLoader bootstrapLoader() throws Exception {
        return new java.net.URLClassLoader(new java.net.URL[] {recorderJar()}, null);
    }

    /** A loader over the nested recorder jar and this jar, so that the run commands see both. */
    private static ClassLoader withRecorder() throws Exception {
        java.net.URL self = Commands.class.getProtectionDomain().getCodeSource().getLocation();
        return new java.net.URLClassLoader(new java.net.URL[] {recorderJar(), self},
                ClassLoader.getSystemClassLoader().getParent());
    }

    /** The nested recorder jar on disk, where an agent would put it. */
    private static java.net.URL recorderJar() throws Exception {
        return BootstrapJar.extract(BootstrapPlaces.ofThisJvm(null)).jar.toURI().toURL();
    }
}
