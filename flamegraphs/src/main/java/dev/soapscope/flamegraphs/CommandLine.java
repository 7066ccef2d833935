package dev.soapscope.flamegraphs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A command's arguments: positional ones and {@code --name value} options from a fixed set. */
final class CommandLine {
    private final List<String> positional = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();

    private CommandLine() {
    }

    /** Parses {@code args} after the command name; every option takes a value. */
    static CommandLine parse(String[] args, String... optionNames) throws UsageException {
        List<String> known = Arrays.asList(optionNames);
        CommandLine a = new CommandLine();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if ("--help".equals(arg) || "-h".equals(arg)) {
                throw new HelpRequested();
            }
            if (!arg.startsWith("--")) {
                a.positional.add(arg);
                continue;
            }
            if (!known.contains(arg)) {
                throw new UsageException("unknown option " + arg);
            }
            if (i + 1 >= args.length) {
                throw new UsageException(arg + " needs a value");
            }
            if (a.options.put(arg, args[++i]) != null) {
                throw new UsageException(arg + " given twice");
            }
        }
        return a;
    }

    /** The positional arguments, which must be exactly {@code names}. */
    List<String> positional(String... names) throws UsageException {
        if (positional.size() != names.length) {
            throw new UsageException("expected " + String.join(" ", names) + ", got "
                    + (positional.isEmpty() ? "nothing" : String.join(" ", positional)));
        }
        return positional;
    }

    String required(String option) throws UsageException {
        String v = options.get(option);
        if (v == null) {
            throw new UsageException(option + " is required");
        }
        return v;
    }

    /** The option's value, or null. */
    String optional(String option) {
        return options.get(option);
    }

    /** A number of at least zero, or the default when the option is absent. */
    double nonNegative(String option, double defaultValue) throws UsageException {
        String v = options.get(option);
        if (v == null) {
            return defaultValue;
        }
        try {
            double d = Double.parseDouble(v);
            if (d >= 0 && !Double.isInfinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new UsageException(option + " takes a number of at least 0, not " + v);
    }

    /** The usage of one command: its line of {@code usage} (which lists every command), and the notes after. */
    static String usageOf(String usage, String command) {
        String prefix = "java -jar soapscope-agent.jar ";
        StringBuilder b = new StringBuilder();
        for (String line : usage.split("\n")) {
            int at = line.indexOf(prefix);
            if (at < 0) {
                b.append(line).append('\n');
            } else if (line.startsWith(command + " ", at + prefix.length())) {
                b.append("usage: ").append(line.substring(at)).append('\n');
            }
        }
        return b.toString();
    }

    /**
     * {@code --help} or {@code -h} after a command: its usage, and no error. A kind of UsageException only so that
     * it leaves every command's parsing the same way; {@link Cli} catches it first.
     */
    static final class HelpRequested extends UsageException {
        private static final long serialVersionUID = 1L;

        HelpRequested() {
            super("help");
        }
    }

    /** CommandLine that do not fit the command: a message, then the usage. */
    static class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
