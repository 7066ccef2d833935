package dev.soapscope.agent.probe;

import dev.soapscope.config.Config;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the classes a loader defines can reach the recorder on the bootstrap path. Advice is inlined into the
 * probed class, so its calls resolve through that class's loader; a loader that does not hand our packages to the
 * bootstrap loader (JBoss Modules without {@code jboss.modules.system.pkgs}, OSGi without
 * {@code org.osgi.framework.bootdelegation}) makes every advice fail with a NoClassDefFoundError that the advice's
 * own suppression would hide. So each loader is checked once, when a probe first matches one of its classes: if it
 * cannot reach the recorder, its classes are left as they are and the first such loader is named, with the fix, in
 * one warning (a container has dozens of loaders alike: the others are debug lines).
 */
final class RecorderReach {
    /** One class per package of the bootstrap jar, as the agent sees them: the bootstrap loader's. */
    private static final Class<?>[] BOOTSTRAP_CLASSES = {Recorder.class, Config.class};
    private static final Map<ClassLoader, Boolean> CHECKED = new WeakHashMap<ClassLoader, Boolean>();
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private RecorderReach() {
    }

    /** True if classes defined by {@code loader} can call the recorder; the first loader that cannot is a warning. */
    static boolean reaches(ClassLoader loader) {
        if (loader == null) {
            return true;
        }
        synchronized (CHECKED) {
            Boolean known = CHECKED.get(loader);
            if (known != null) {
                return known;
            }
        }
        String missing = missing(loader);
        synchronized (CHECKED) {
            CHECKED.put(loader, missing == null);
        }
        if (missing != null) {
            String message = message(loader.getClass().getName(), String.valueOf(loader), missing);
            if (WARNED.compareAndSet(false, true)) {
                Log.warn(message + " (other loaders alike: log=debug)");
            } else {
                Log.debug(message);
            }
        }
        return missing == null;
    }

    /** The first bootstrap class {@code loader} does not resolve to the bootstrap loader's, or null. */
    private static String missing(ClassLoader loader) {
        for (Class<?> c : BOOTSTRAP_CLASSES) {
            try {
                if (Class.forName(c.getName(), false, loader) != c) {
                    return c.getName() + " resolves to another copy";
                }
            } catch (Throwable e) {
                return c.getName() + " is not visible (" + e.getClass().getSimpleName() + ")";
            }
        }
        return null;
    }

    /** The warning for a loader of class {@code name}, described by its toString {@code described}. */
    static String message(String name, String described, String missing) {
        String packages = packages();
        String fix;
        if (name.startsWith("org.jboss.modules.")) {
            fix = "JBoss Modules hands to the JDK only the packages in -Djboss.modules.system.pkgs: add " + packages
                    + " (WildFly: JBOSS_MODULES_SYSTEM_PKGS in bin/standalone.conf). The agent adds them itself when"
                    + " it is in JAVA_OPTS; through MODULE_OPTS it starts too late for that";
        } else if (name.startsWith("org.apache.felix.") || name.startsWith("org.eclipse.osgi.")) {
            fix = "an OSGi framework hands to the JDK only the packages in org.osgi.framework.bootdelegation; the"
                    + " agent adds " + packages + " to a Felix or Equinox framework made after it started, so attach with"
                    + " -javaagent, or add them there yourself (GlassFish, Payara: glassfish/config/osgi.properties)";
        } else {
            fix = "that loader must delegate " + packages + " to the bootstrap class loader";
        }
        if (described.length() > 200) {
            described = described.substring(0, 200) + "...";
        }
        return "the recorder is out of reach of class loader " + name + " (" + described + "): " + missing
                + "; its classes run unprobed and their requests are not recorded. Fix: " + fix;
    }

    private static String packages() {
        StringBuilder b = new StringBuilder();
        for (Class<?> c : BOOTSTRAP_CLASSES) {
            String name = c.getName();
            b.append(b.length() == 0 ? "" : ",").append(name, 0, name.lastIndexOf('.'));
        }
        return b.toString();
    }
}
