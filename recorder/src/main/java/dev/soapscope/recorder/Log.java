package dev.soapscope.recorder;

import java.io.PrintStream;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * soapscope's few log lines, on standard error with a prefix: a server's own logging framework is not ours to
 * configure, and may not be loaded yet when the agent starts. Once a container has replaced standard error with its
 * own logging stream, lines go through {@code java.util.logging} instead, so that a warning is a warning there.
 */
public final class Log {
    public enum Level { OFF, WARN, INFO, DEBUG }

    private static volatile Level level = Level.INFO;
    /** The logger named when a container has taken standard error over. */
    static final String LOGGER = "soapscope";
    /**
     * Standard error as it was when soapscope started (premain): raw console output. Never java.util.logging in
     * premain, since a container (WildFly) installs its own log manager after it.
     */
    private static final PrintStream STARTUP_ERR = System.err;
    private static final Set<String> ONCE = Collections.newSetFromMap(new ConcurrentHashMap<String, Boolean>());
    /** Bounds the once-keys kept, so a flood of distinct failures cannot grow memory. */
    private static final int MAX_ONCE_KEYS = 1000;

    private Log() {
    }

    public static void setLevel(Level l) {
        level = l;
    }

    public static void warn(String message) {
        log(Level.WARN, message, null);
    }

    public static void info(String message) {
        log(Level.INFO, message, null);
    }

    public static void debug(String message) {
        log(Level.DEBUG, message, null);
    }

    /** A warning logged the first time its key is seen, and never again. */
    public static void warnOnce(String key, String message, Throwable t) {
        if (ONCE.size() < MAX_ONCE_KEYS && ONCE.add(key)) {
            log(Level.WARN, message, t);
        }
    }

    private static void log(Level at, String message, Throwable t) {
        if (level == Level.OFF || at.ordinal() > level.ordinal()) {
            return;
        }
        StringBuilder line = new StringBuilder("[soapscope] ").append(at).append(' ').append(message);
        if (t != null) {
            line.append(": ").append(t);
        }
        PrintStream err = System.err;
        if (err != STARTUP_ERR || err.getClass() != PrintStream.class) {
            // a container took standard error over (WildFly, Payara, Tomcat) and may show each line on it as
            // ERROR/SEVERE: its log manager is installed by now, so say it at the level meant. In premain standard
            // error is always the JVM's own; attached later, a container's is a PrintStream of its own class.
            java.util.logging.Logger.getLogger(LOGGER).log(at == Level.WARN ? java.util.logging.Level.WARNING
                    : java.util.logging.Level.INFO, line.toString());
        } else {
            err.println(line);
        }
    }
}
