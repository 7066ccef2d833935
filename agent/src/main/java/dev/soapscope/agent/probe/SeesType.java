package dev.soapscope.agent.probe;

import net.bytebuddy.matcher.ElementMatcher;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * Class loaders that can see at least one of some types: a pre-filter in front of the supertype matchers. A class
 * can only extend a type its loader sees, so in a server the CXF probes never resolve the hierarchy of Tomcat's own
 * classes, nor the Spring-WS probes that of a CXF webapp's. The answer is asked once per loader (a resource lookup,
 * no class loading) and kept while the loader lives.
 */
final class SeesType extends ElementMatcher.Junction.AbstractBase<ClassLoader> {
    private final String[] resources;
    private final Map<ClassLoader, Boolean> answers = new WeakHashMap<ClassLoader, Boolean>();
    /**
     * The bootstrap loader is null: asked through the system loader's parent (the platform loader, the extension
     * loader on JDK 8), which looks in the bootstrap loader first. Not the system loader: that sees the application's
     * class path (an embedded Tomcat's servlet API), which made every JDK class loaded after premain walk its
     * hierarchy for the servlet probes.
     */
    private volatile Boolean bootstrap;

    private SeesType(String... types) {
        resources = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            resources[i] = types[i].replace('.', '/') + ".class";
        }
    }

    /** Loaders that see any of {@code types} (binary names, such as {@code org.apache.cxf.phase.PhaseInterceptor}). */
    static SeesType anyOf(String... types) {
        return new SeesType(types);
    }

    @Override
    public boolean matches(ClassLoader loader) {
        if (loader == null) {
            Boolean b = bootstrap;
            if (b == null) {
                b = sees(null);
                bootstrap = b;
            }
            return b;
        }
        synchronized (answers) {
            Boolean known = answers.get(loader);
            if (known != null) {
                return known;
            }
        }
        boolean sees = sees(loader);
        synchronized (answers) {
            answers.put(loader, sees);
        }
        return sees;
    }

    private boolean sees(ClassLoader loader) {
        for (String r : resources) {
            try {
                if ((loader == null ? bootstrapResource(r) : loader.getResource(r)) != null) {
                    return true;
                }
            } catch (Throwable e) {
                return true; // cannot tell: let the type matcher decide
            }
        }
        return false;
    }

    private static Object bootstrapResource(String resource) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        ClassLoader platform = system == null ? null : system.getParent();
        return platform == null ? ClassLoader.getSystemResource(resource) : platform.getResource(resource);
    }
}
