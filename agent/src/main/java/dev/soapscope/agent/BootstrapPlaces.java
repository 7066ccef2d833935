package dev.soapscope.agent;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Where the recorder jar may go, in the order tried: {@code bootstrap.dir} when set, {@code java.io.tmpdir}, the
 * agent jar's own directory, the user's cache directory. A read-only root file system or a temp directory of another
 * user must not keep the agent off. This runs before the recorder, and so the settings' parser, is on the class path:
 * it reads its one setting itself, with the parser's precedence (agent argument, system property, environment).
 */
final class BootstrapPlaces {
    /** {@code ConfigKey.BOOTSTRAP_DIR}'s key (BootstrapPlacesTest checks they agree). */
    static final String KEY = "bootstrap.dir";
    static final String PROPERTY = "soapscope." + KEY;
    static final String VARIABLE = "SOAPSCOPE_BOOTSTRAP_DIR";

    private BootstrapPlaces() {
    }

    /** A directory to try, and what it is, for the lines that name it. */
    static final class Place {
        final String what;
        final File dir;
        /** Whether to create it when missing: the user's choice and the cache are ours to make, the others are not. */
        final boolean create;

        Place(String what, File dir, boolean create) {
            this.what = what;
            this.dir = dir;
            this.create = create;
        }

        boolean isSetting() {
            return KEY.equals(what);
        }

        @Override
        public String toString() {
            return what + " " + dir;
        }
    }

    /** The places of this JVM. */
    static List<Place> ofThisJvm(String agentArgs) {
        return of(agentArgs, System.getProperties(), System.getenv(), OwnJar.location());
    }

    static List<Place> of(String agentArgs, Properties sys, Map<String, String> env, File agentJar) {
        List<Place> places = new ArrayList<Place>();
        String set = setting(agentArgs, sys, env);
        if (!set.isEmpty()) {
            add(places, new Place(KEY, new File(set), true));
        }
        String tmp = sys.getProperty("java.io.tmpdir");
        if (tmp != null && !tmp.isEmpty()) {
            add(places, new Place("java.io.tmpdir", new File(tmp), false));
        }
        if (agentJar != null && agentJar.getParentFile() != null) {
            add(places, new Place("the agent jar's directory", agentJar.getParentFile(), false));
        }
        File cache = cacheDirectory(sys, env);
        if (cache != null) {
            add(places, new Place("the user's cache directory", cache, true));
        }
        return places;
    }

    private static void add(List<Place> places, Place p) {
        File dir = p.dir.getAbsoluteFile();
        for (Place known : places) {
            if (known.dir.getAbsoluteFile().equals(dir)) {
                return; // tried once is enough
            }
        }
        places.add(p);
    }

    /**
     * {@code bootstrap.dir} as the settings' parser will read it: the environment, overridden by the system property,
     * overridden by the agent argument (where a part without {@code =} continues the value before it); empty if unset.
     */
    static String setting(String agentArgs, Properties sys, Map<String, String> env) {
        String value = env.get(VARIABLE);
        value = sys.getProperty(PROPERTY, value);
        if (agentArgs != null) {
            String key = null;
            StringBuilder current = new StringBuilder();
            for (String part : agentArgs.split(",")) {
                String p = part.trim();
                int eq = p.indexOf('=');
                if (eq < 0) {
                    if (KEY.equals(key) && !p.isEmpty()) {
                        current.append(',').append(p);
                    }
                    continue;
                }
                if (KEY.equals(key)) {
                    value = current.toString();
                }
                key = p.substring(0, eq).trim();
                current.setLength(0);
                current.append(p.substring(eq + 1).trim());
            }
            if (KEY.equals(key)) {
                value = current.toString();
            }
        }
        return value == null ? "" : value.trim();
    }

    /**
     * The user's cache directory as each OS has it: {@code %LOCALAPPDATA%} on Windows, {@code ~/Library/Caches} on
     * macOS, else {@code XDG_CACHE_HOME} or {@code ~/.cache}; null when there is no home to put it in (a container's
     * arbitrary uid has none, {@code user.home} is then {@code ?} or {@code /}).
     */
    static File cacheDirectory(Properties sys, Map<String, String> env) {
        String os = sys.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String home = sys.getProperty("user.home", "");
        boolean noHome = home.isEmpty() || "?".equals(home) || "/".equals(home);
        if (os.startsWith("windows")) {
            String local = env.get("LOCALAPPDATA");
            return local != null && !local.isEmpty() ? new File(local) : noHome ? null : new File(home, "AppData\\Local");
        }
        if (os.startsWith("mac")) {
            return noHome ? null : new File(home, "Library/Caches");
        }
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && xdg.startsWith("/")) { // the XDG spec: a relative path is to be ignored
            return new File(xdg);
        }
        return noHome ? null : new File(home, ".cache");
    }

    /** How a user sets it, for the line that asks them to. */
    static String howToSet() {
        return "set " + KEY + " to a writable directory (-javaagent:soapscope-agent.jar=" + KEY + "=DIR, -D" + PROPERTY
                + "=DIR or " + VARIABLE + "=DIR)";
    }
}
