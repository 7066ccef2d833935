package dev.soapscope.flamegraphs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /** A whole number of at least zero, or the default when the option is absent. */
    long count(String option, long defaultValue) throws UsageException {
        double d = nonNegative(option, defaultValue);
        if (d != Math.rint(d) || d > Long.MAX_VALUE) {
            throw new UsageException(option + " takes a whole number of at least 0, not " + options.get(option));
        }
        return (long) d;
    }

    /** {@code show} or {@code hide} (the default when the option is absent): whether to draw {@code [phase:none]}. */
    boolean showNone(String option) throws UsageException {
        String v = options.get(option);
        if (v == null || "hide".equals(v)) {
            return false;
        }
        if ("show".equals(v)) {
            return true;
        }
        throw new UsageException(option + " takes show or hide, not " + v);
    }

    /** A comma-separated list of signal labels, or all signals when the option is absent. */
    Set<Signal> signals(String option) throws UsageException {
        String v = options.get(option);
        if (v == null) {
            return EnumSet.allOf(Signal.class);
        }
        Set<Signal> signals = EnumSet.noneOf(Signal.class);
        for (String label : v.split(",", -1)) {
            Signal s = Signal.byLabel(label.trim());
            if (s == null) {
                throw new UsageException(option + " takes a list of wall, alloc and cpu, not " + v);
            }
            signals.add(s);
        }
        return signals;
    }

    /** The usage of one command: its line of {@code usage} (which lists every command), and the notes after. */
    static String usageOf(String usage, String command) {
        String prefix = "java -jar soapscope-agent.jar ";
        StringBuilder b = new StringBuilder();
        boolean inUsage = false;
        boolean ours = false;
        for (String line : usage.split("\n")) {
            int at = line.indexOf(prefix);
            if (at >= 0) {
                inUsage = true;
                ours = line.startsWith(command + " ", at + prefix.length());
                if (ours) {
                    b.append("usage: ").append(line.substring(at)).append('\n');
                }
            } else if (inUsage && line.startsWith(" ")) {
                if (ours) { // a command's usage continued on the next line
                    b.append(line).append('\n');
                }
            } else {
                inUsage = false;
                b.append(line).append('\n');
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
