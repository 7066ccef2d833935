package dev.soapscope.recorder;

import java.io.PrintStream;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * soapscope's few log lines, on standard error with a prefix: a server's own logging framework is not ours to
 * configure, and may not be loaded yet when the agent starts. Once a container has put a stream of its own in
 * System.err (shown as ERROR or SEVERE), only warnings go there; other lines go to standard output (shown as INFO).
 * Never java.util.logging: a container (WildFly) installs its own log manager after premain.
 */
public final class Log {
    public enum Level { OFF, WARN, INFO, DEBUG }

    private static volatile Level level = Level.INFO;
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

    /** An INFO line, said the first time its key is seen: a fact about this JVM worth knowing, no fault. */
    public static void infoOnce(String key, String message) {
        if (ONCE.size() < MAX_ONCE_KEYS && ONCE.add(key)) {
            info(message);
        }
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
        if (at != Level.WARN && err.getClass() != PrintStream.class) {
            // a container's own stream (WildFly's, Payara's) shows every line on it as ERROR or SEVERE: only a
            // warning belongs there; the rest goes to standard output, which containers show as INFO
            System.out.println(line);
        } else {
            err.println(line);
        }
    }
}
