package dev.soapscope.config;

import dev.soapscope.recorder.Log;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Settings resolved from agent arguments, system properties and environment variables (that precedence).
 * A bad value never stops the application: it is reported in one line naming the key and what it accepts,
 * and the default is used instead.
 */
public final class Config {
    private final EnumMap<ConfigKey, String> values = new EnumMap<ConfigKey, String>(ConfigKey.class);
    private final List<String> problems = new ArrayList<String>();

    private Config() {
    }

    public static Config defaults() {
        return load(null, new Properties(), Collections.<String, String>emptyMap());
    }

    /** Reads the running JVM's settings, with {@code agentArgs} from {@code -javaagent:...=ARGS} (may be null). */
    public static Config fromEnvironment(String agentArgs) {
        return load(agentArgs, System.getProperties(), System.getenv());
    }

    public static Config load(String agentArgs, Properties sysProps, Map<String, String> env) {
        Config c = new Config();
        for (ConfigKey k : ConfigKey.values()) {
            String v = env.get(k.environmentVariable());
            if (v != null) {
                c.set(k, v.trim(), "environment variable " + k.environmentVariable());
            }
            v = sysProps.getProperty(k.systemProperty());
            if (v != null) {
                c.set(k, v.trim(), "system property " + k.systemProperty());
            }
        }
        for (String name : sysProps.stringPropertyNames()) {
            if (name.startsWith("soapscope.") && ConfigKey.byKey(name.substring("soapscope.".length())) == null
                    && !name.startsWith("soapscope.test.")) {
                c.unknown(name.substring("soapscope.".length()), "system property " + name);
            }
        }
        c.parseAgentArgs(agentArgs);
        return c;
    }

    /**
     * {@code key=value,key=value}. A part without {@code =} continues the previous value, so lists read
     * naturally: {@code probes.disabled=regex,uuid,port=9405}.
     */
    private void parseAgentArgs(String args) {
        if (args == null || args.trim().isEmpty()) {
            return;
        }
        ConfigKey last = null;
        boolean afterUnknownKey = false;
        StringBuilder value = new StringBuilder();
        for (String part : args.split(",")) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq < 0) {
                if (last != null && !p.isEmpty()) {
                    value.append(',').append(p);
                } else if (!p.isEmpty() && !afterUnknownKey) {
                    problems.add("soapscope: ignoring agent argument '" + p + "': expected key=value");
                }
                continue; // the rest of an unknown key's list was reported with the key
            }
            if (last != null) {
                set(last, value.toString(), "agent argument");
            }
            String key = p.substring(0, eq).trim();
            last = ConfigKey.byKey(key);
            value.setLength(0);
            value.append(p.substring(eq + 1).trim());
            afterUnknownKey = last == null;
            if (last == null) {
                unknown(key, "agent argument");
            }
        }
        if (last != null) {
            set(last, value.toString(), "agent argument");
        }
    }

    private void set(ConfigKey k, String v, String source) {
        if (k.type().accepts(v)) {
            values.put(k, v);
        } else {
            problems.add("soapscope: ignoring " + k.key() + "=" + v + " (" + source + "): expected "
                    + k.type().expectation() + "; using " + (values.containsKey(k) ? values.get(k) : display(k.defaultValue())));
        }
    }

    private void unknown(String key, String source) {
        StringBuilder known = new StringBuilder();
        for (ConfigKey k : ConfigKey.values()) {
            known.append(known.length() == 0 ? "" : ", ").append(k.key());
        }
        problems.add("soapscope: unknown setting '" + key + "' (" + source + "); known settings: " + known);
    }

    private static String display(String v) {
        return v.isEmpty() ? "(none)" : v;
    }

    /** Lines describing values that were ignored, in the order found. */
    public List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    /** Writes each problem as one warning line. */
    public void reportProblems() {
        for (String p : problems) {
            Log.warn(p);
        }
    }

    public String get(ConfigKey k) {
        String v = values.get(k);
        return v != null ? v : k.defaultValue();
    }

    public int getInt(ConfigKey k) {
        return Integer.parseInt(get(k));
    }

    public boolean getBoolean(ConfigKey k) {
        return Boolean.parseBoolean(get(k));
    }

    public List<String> getList(ConfigKey k) {
        List<String> out = new ArrayList<String>();
        for (String s : get(k).split(",")) {
            if (!s.trim().isEmpty()) {
                out.add(s.trim().toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    public Log.Level logLevel() {
        return Log.Level.valueOf(get(ConfigKey.LOG).toUpperCase(Locale.ROOT));
    }

    public dev.soapscope.recorder.RecorderSettings recorderSettings() {
        return new dev.soapscope.recorder.RecorderSettings(getInt(ConfigKey.MAX_OPERATIONS),
                getInt(ConfigKey.MAX_CLIENT_CALLS), getInt(ConfigKey.MAX_SITES),
                getInt(ConfigKey.STACK_DEPTH), getBoolean(ConfigKey.ALLOCATION));
    }
}
