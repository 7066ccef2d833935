package dev.soapscope.config;

import java.util.Locale;

/** What a setting accepts: a check, and the words that tell a user what to write instead. */
public abstract class ValueType {
    public static final ValueType BOOLEAN = new ValueType("true or false") {
        @Override
        boolean accepts(String v) {
            return "true".equalsIgnoreCase(v) || "false".equalsIgnoreCase(v);
        }
    };
    public static final ValueType PORT = count(0, 65535);
    public static final ValueType HOST = new ValueType("a host name or IP address") {
        @Override
        boolean accepts(String v) {
            return !v.isEmpty() && v.indexOf(' ') < 0 && v.indexOf('/') < 0;
        }
    };
    public static final ValueType LIST = new ValueType("names separated by commas") {
        @Override
        boolean accepts(String v) {
            return true;
        }
    };
    public static final ValueType LOG_LEVEL = new ValueType("off, warn, info or debug") {
        @Override
        boolean accepts(String v) {
            String l = v.toLowerCase(Locale.ROOT);
            return l.equals("off") || l.equals("warn") || l.equals("info") || l.equals("debug");
        }
    };
    public static final ValueType PATH = new ValueType("a path starting with /") {
        @Override
        boolean accepts(String v) {
            return v.startsWith("/") && v.length() > 1 && !v.endsWith("/") && v.indexOf(' ') < 0;
        }
    };

    public static final ValueType PROFILER_EVENT = new ValueType("empty, cpu, wall, alloc or lock") {
        @Override
        boolean accepts(String v) {
            return v.isEmpty() || v.equals("cpu") || v.equals("wall") || v.equals("alloc") || v.equals("lock");
        }
    };
    public static final ValueType AUTO_ON_OFF = new ValueType("auto, on or off") {
        @Override
        boolean accepts(String v) {
            String l = v.toLowerCase(Locale.ROOT);
            return l.equals("auto") || l.equals("on") || l.equals("off");
        }
    };
    /** Empty (never), or milliseconds. */
    public static final ValueType OPTIONAL_MILLIS = new ValueType("empty, or a whole number of milliseconds from 0 to 3600000") {
        @Override
        boolean accepts(String v) {
            if (v.isEmpty()) {
                return true;
            }
            try {
                int n = Integer.parseInt(v);
                return n >= 0 && n <= 3_600_000;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    };
    /** Empty (none), or a file the agent reads at start: a secret kept out of the command line. */
    public static final ValueType OPTIONAL_FILE = new ValueType("empty, or a file path") {
        @Override
        boolean accepts(String v) {
            return v.indexOf('\0') < 0;
        }
    };
    /** Empty, or a hash {@code hash-password} printed: {@code pbkdf2-sha256:iterations:salt:hash}. */
    public static final ValueType OPTIONAL_PASSWORD_HASH = new ValueType(
            "empty, or pbkdf2-sha256:ITERATIONS:SALT:HASH as java -jar soapscope-agent.jar hash-password prints it") {
        @Override
        boolean accepts(String v) {
            return v.isEmpty() || v.startsWith("pbkdf2-sha256:") && v.split(":").length == 4;
        }
    };
    /** A user name for HTTP basic authentication: no colon, no blank. */
    public static final ValueType USER = new ValueType("a user name without ':' or blanks") {
        @Override
        boolean accepts(String v) {
            return !v.isEmpty() && v.indexOf(':') < 0 && v.indexOf(' ') < 0;
        }
    };
    public static final ValueType DIRECTORY = new ValueType("a directory path") {
        @Override
        boolean accepts(String v) {
            return !v.trim().isEmpty() && v.indexOf('\0') < 0;
        }
    };
    /** Empty (the agent chooses), or a directory. */
    public static final ValueType OPTIONAL_DIRECTORY = new ValueType("empty, or a directory path") {
        @Override
        boolean accepts(String v) {
            return v.indexOf('\0') < 0;
        }
    };

    private final String expectation;

    private ValueType(String expectation) {
        this.expectation = expectation;
    }

    /** A whole number from {@code min} to {@code max}. */
    public static ValueType count(final int min, final int max) {
        return new ValueType("a whole number from " + min + " to " + max) {
            @Override
            boolean accepts(String v) {
                try {
                    int n = Integer.parseInt(v);
                    return n >= min && n <= max;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        };
    }

    abstract boolean accepts(String value);

    /** What a user should write, in words. */
    public String expectation() {
        return expectation;
    }
}
